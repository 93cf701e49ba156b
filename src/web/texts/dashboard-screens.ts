/**
 * The words of the dashboard's screens — its home (welcome, figures) and the admin pages (all buyers,
 * all sellers, verifying, reported items) — in English; apart from ./dashboard.ts (the menu and the
 * roles, which the top bar's menu needs on every page) so every page's first load does not carry
 * them. Keys are the catalogue's (`dashboardScreens.allBuyers.title`).
 */
export const DASHBOARD_SCREENS_TEXT = {
  dashboardScreens: {
    home: {
      title: "Dashboard — MotoHaat",
      welcome: (name: string) => `Welcome, ${name}`,
      verifiedSeller: "Verified seller",
      intro: {
        buyer: "Track the bikes you have booked and pay for your orders.",
        seller: "List your bikes, advertise them and see who bought them.",
        admin: "Verify sellers, review buyers and moderate reported listings.",
      },
    },
    allBuyers: {
      title: "All buyers — MotoHaat",
      heading: "All buyers",
      loading: "Loading buyers",
      emptyTitle: "No buyers yet",
      caption: "Every buyer account on MotoHaat",
      bookings: "Bookings",
      joined: "Joined",
    },
    allSellers: {
      title: "All sellers — MotoHaat",
      heading: "All sellers",
      loading: "Loading sellers",
      emptyTitle: "No sellers yet",
      emptyHint: "Sellers show up here once they sign up.",
      caption: "Every seller on MotoHaat",
      listings: "Listings",
      joined: "Joined",
      verification: "Verification",
    },
    /** The Verification cell of All sellers (its dialogs and toasts are MSG.admin's). */
    verifyButton: {
      verified: "verified",
      verify: "verify",
      verifyLabel: (name: string) => `verify ${name}`,
      removeVerificationLabel: (name: string) => `Remove verification of ${name}`,
    },
    reportedItems: {
      title: "Reported items — MotoHaat",
      heading: "Reported items",
      loading: "Loading reported items",
      emptyTitle: "No reported items",
      emptyHint: "When a buyer reports a bike, it shows up here with their reason.",
    },
    reportedCard: {
      reported: "reported",
      reports: "Reports",
      reportCount: (count: number) => (count === 1 ? "1 report" : `${count} reports`),
      /** The reporter's email beside their name. */
      reporterEmail: (email: string) => `(${email})`,
      dismiss: "dismiss",
      dismissed: "the reports were dismissed",
      removeListing: "remove listing",
      confirmTitle: "Remove this listing?",
      confirmMessage: (model: string) =>
        `“${model}” will disappear from MotoHaat. A bike that was already booked stays in its buyer's orders.`,
      confirmLabel: "Remove listing",
    },
  },
};
