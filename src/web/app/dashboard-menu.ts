import type { Role } from "#shared/schemas/auth.ts";
import { paths } from "#web/config/paths.ts";

type DashboardMenuItem = {
  label: string;
  href: string;
  /** A count shown beside the label (the unread messages). */
  badge?: "unreadMessages";
};

const MESSAGES: DashboardMenuItem = {
  label: "Messages",
  href: paths.dashboard.messages.getHref(),
  badge: "unreadMessages",
};

/** The side menu of each role, in the order docs/product.md lists them. */
export const DASHBOARD_MENU: Record<Role, DashboardMenuItem[]> = {
  buyer: [
    { label: "My orders", href: paths.dashboard.myOrders.getHref() },
    { label: "Saved", href: paths.dashboard.saved.getHref() },
    MESSAGES,
  ],
  seller: [
    { label: "Add a product", href: paths.dashboard.addListing.getHref() },
    { label: "My products", href: paths.dashboard.myListings.getHref() },
    { label: "My buyers", href: paths.dashboard.myBuyers.getHref() },
    { label: "Earnings", href: paths.dashboard.earnings.getHref() },
    { label: "My ratings", href: paths.dashboard.myReviews.getHref() },
    MESSAGES,
  ],
  admin: [
    { label: "All sellers", href: paths.dashboard.allSellers.getHref() },
    { label: "All buyers", href: paths.dashboard.allBuyers.getHref() },
    { label: "Reported items", href: paths.dashboard.reportedItems.getHref() },
    { label: "Handover disputes", href: paths.dashboard.disputes.getHref() },
    { label: "Cash disputes", href: paths.dashboard.cashDisputes.getHref() },
    { label: "Payouts", href: paths.dashboard.payouts.getHref() },
    { label: "Undelivered emails", href: paths.dashboard.undelivered.getHref() },
  ],
};

/**
 * The dashboard's own first page. "Overview", not "Dashboard": the top bar has a link by that name
 * on wide screens.
 */
export const DASHBOARD_OVERVIEW: DashboardMenuItem = {
  label: "Overview",
  href: paths.dashboard.root.getHref(),
};

export const DASHBOARD_ROLE_TITLE = { buyer: "Buyer", seller: "Seller", admin: "Admin" } as const;
