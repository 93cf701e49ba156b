/**
 * The words of the pages anyone browses — the saved bikes, a seller's page, the not-found and error
 * pages (the home page's own are in ./home.ts) — and of the
 * shared pieces every list and card uses (loading, load more, try again, dialogs, the verified tick,
 * a receipt, the tab's default title), in English, as the pages always said them. Keys are the
 * catalogue's (`browsePages.common.close`): src/shared/i18n/bn.json says each in Bangla, and
 * src/web/texts/texts.test.ts checks that it does. Components read them through
 * `useTexts(BROWSE_PAGES_TEXT)` (src/web/lib/i18n.tsx). A plain object: the cards of every page's
 * first load import it.
 */
export const BROWSE_PAGES_TEXT = {
  browsePages: {
    head: {
      defaultTitle: "MotoHaat — used motorbikes in Bangladesh",
      defaultDescription: "MotoHaat: buy and sell used motorbikes in Bangladesh.",
    },
    saved: {
      title: "Saved — MotoHaat",
      loading: "Loading your saved bikes",
      browse: "Browse bikes",
      save: "Save",
      /** A saved bike's brand, year and kilometres run (`km` as the page writes numbers). */
      facts: (brand: string, year: number, km: string) => `${brand} · ${year} · ${km}\u00a0km`,
    },
    seller: {
      loading: "Loading the seller",
      notFoundTitle: "Seller not found — MotoHaat",
      notFoundHint: "The link may be old, or the account closed.",
      seeAllBikes: "See all bikes",
      title: (name: string) => `${name} — MotoHaat`,
      description: (name: string) =>
        `${name}: a seller on MotoHaat, with their bikes for sale and their ratings.`,
      memberSince: "Member since",
      bikesSold: "Bikes sold",
      bikesForSale: "Bikes for sale",
    },
    notFound: {
      title: "Page not found — MotoHaat",
      backHome: "Back to homepage",
    },
    routeError: {
      heading: "Something went wrong",
      newVersion: "A newer version of MotoHaat is available. Reload the page to continue.",
      problem:
        "Sorry, this page hit a problem. Reloading usually helps; if it does not, try again in a few minutes.",
      reload: "Reload",
      backHome: "Back to homepage",
    },
    layout: {
      skipToContent: "Skip to content",
      loadingPage: "Loading page",
      networkTryAgain: "Try again",
    },
    listingActions: {
      edit: "Edit",
      yourBooking: "Your booking",
      bookNow: "Book now",
      phoneBar: "Price and booking",
    },
    common: {
      loading: "Loading",
      tryAgain: "Try again",
      loadMore: "Load more",
      loadingMore: "Loading more…",
      cancel: "Cancel",
      close: "Close",
      verifiedSeller: "Verified seller",
      /** A review's stars as one image: `label` is "4 stars". */
      outOfFive: (label: string) => `${label} out of 5`,
      user: "User",
      messages: "Messages",
    },
    receipt: {
      heading: "Receipt",
      paymentId: "Payment id",
      amount: "Amount",
      paidOn: "Paid on",
      bike: "Bike",
      seller: "Seller",
    },
  },
};
