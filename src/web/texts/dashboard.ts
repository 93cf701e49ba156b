/**
 * The words of the dashboard's frame — its menu (beside the page, and in the top bar's menu on a
 * phone), its home page (the overview) — and of the admins' pages (All buyers, All sellers and their
 * Verify button, Reported items and their cards), in English, as the pages always said them. Keys are
 * the catalogue's (`dashboardPages.menu.myOrders`): src/shared/i18n/bn.json says each in Bangla.
 * Components read them through `useTexts(DASHBOARD_PAGES_TEXT)` (src/web/lib/i18n.tsx); the menu's
 * list (src/web/app/dashboard-menu.ts) holds keys of `menu`, looked up where it is rendered.
 */
export const DASHBOARD_PAGES_TEXT = {
  dashboardPages: {
    /** The side menu's pages, each role's in src/web/app/dashboard-menu.ts. */
    menu: {
      label: "Dashboard",
      overview: "Overview",
      myOrders: "My orders",
      saved: "Saved",
      messages: "Messages",
      addProduct: "Add a product",
      myProducts: "My products",
      myBuyers: "My buyers",
      earnings: "Earnings",
      myRatings: "My ratings",
      allSellers: "All sellers",
      allBuyers: "All buyers",
      reportedItems: "Reported items",
      handoverDisputes: "Handover disputes",
      cashDisputes: "Cash disputes",
      payouts: "Payouts",
      undeliveredEmails: "Undelivered emails",
    },
    /** A role's name: the menu's heading, the badge on the dashboard's home. */
    roles: {
      buyer: "Buyer",
      seller: "Seller",
      admin: "Admin",
    },
  },
};
