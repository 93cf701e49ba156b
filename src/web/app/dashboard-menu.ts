import type { Role } from "#shared/schemas/auth.ts";
import { paths } from "#web/config/paths.ts";
import type { DASHBOARD_PAGES_TEXT } from "#web/texts/dashboard.ts";

/** A page's name in the menu: a key of `dashboardPages.menu`, said where the menu is rendered. */
export type DashboardMenuLabel = Exclude<keyof typeof DASHBOARD_PAGES_TEXT.dashboardPages.menu, "label">;

type DashboardMenuItem = {
  label: DashboardMenuLabel;
  href: string;
  /** A count shown beside the label (the unread messages). */
  badge?: "unreadMessages";
};

const MESSAGES: DashboardMenuItem = {
  label: "messages",
  href: paths.dashboard.messages.getHref(),
  badge: "unreadMessages",
};

/** The side menu of each role, in the order docs/product.md lists them. */
export const DASHBOARD_MENU: Record<Role, DashboardMenuItem[]> = {
  buyer: [
    { label: "myOrders", href: paths.dashboard.myOrders.getHref() },
    { label: "saved", href: paths.dashboard.saved.getHref() },
    MESSAGES,
  ],
  seller: [
    { label: "addProduct", href: paths.dashboard.addListing.getHref() },
    { label: "myProducts", href: paths.dashboard.myListings.getHref() },
    { label: "myBuyers", href: paths.dashboard.myBuyers.getHref() },
    { label: "earnings", href: paths.dashboard.earnings.getHref() },
    { label: "myRatings", href: paths.dashboard.myReviews.getHref() },
    MESSAGES,
  ],
  admin: [
    { label: "allSellers", href: paths.dashboard.allSellers.getHref() },
    { label: "allBuyers", href: paths.dashboard.allBuyers.getHref() },
    { label: "reportedItems", href: paths.dashboard.reportedItems.getHref() },
    { label: "handoverDisputes", href: paths.dashboard.disputes.getHref() },
    { label: "cashDisputes", href: paths.dashboard.cashDisputes.getHref() },
    { label: "payouts", href: paths.dashboard.payouts.getHref() },
    { label: "undeliveredEmails", href: paths.dashboard.undelivered.getHref() },
  ],
};

/**
 * The dashboard's own first page. "Overview", not "Dashboard": the top bar has a link by that name
 * on wide screens.
 */
export const DASHBOARD_OVERVIEW: DashboardMenuItem = {
  label: "overview",
  href: paths.dashboard.root.getHref(),
};
