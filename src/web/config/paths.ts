/**
 * Every route of the SPA, defined once. `path` is what the router matches (relative to its parent
 * where nested); `getHref` builds a link, so a renamed route cannot leave a stale link behind.
 */
export const paths = {
  home: { path: "/", getHref: () => "/" },
  aboutUs: { path: "/", getHref: () => "/#about-us" },
  contact: { path: "/", getHref: () => "/#contact" },
  signup: {
    path: "/signup",
    getHref: (from?: string | null) => (from ? `/signup?from=${encodeURIComponent(from)}` : "/signup"),
  },
  signin: {
    path: "/signin",
    getHref: (from?: string) => (from ? `/signin?from=${encodeURIComponent(from)}` : "/signin"),
  },
  blog: { path: "/blog", getHref: () => "/blog" },
  blogArticle: { path: "/blog/:slug", getHref: (slug: string) => `/blog/${encodeURIComponent(slug)}` },
  faq: { path: "/faq", getHref: () => "/faq" },
  terms: { path: "/terms", getHref: () => "/terms" },
  privacy: { path: "/privacy", getHref: () => "/privacy" },
  cookies: { path: "/cookies", getHref: () => "/cookies" },
  listingsRoot: { path: "/products", getHref: () => "/products" },
  listings: {
    path: "/products/:category",
    getHref: (category = "all") => `/products/${encodeURIComponent(category)}`,
  },
  listingDetails: {
    path: "/products/productdetails/:id",
    getHref: (id: string) => `/products/productdetails/${encodeURIComponent(id)}`,
  },
  /** A seller's public page: who they are and their bikes for sale. */
  sellers: { path: "/sellers/:id", getHref: (id: string) => `/sellers/${encodeURIComponent(id)}` },
  dashboard: {
    root: { path: "/dashboard", getHref: () => "/dashboard" },
    profile: { path: "profile", getHref: () => "/dashboard/profile" },
    myOrders: { path: "myorders", getHref: () => "/dashboard/myorders" },
    /** A buyer's saved bikes. */
    saved: { path: "saved", getHref: () => "/dashboard/saved" },
    /** A seller's ratings, with Reply. */
    myReviews: { path: "myreviews", getHref: () => "/dashboard/myreviews" },
    payment: {
      path: "payment/:orderId",
      getHref: (orderId: string) => `/dashboard/payment/${encodeURIComponent(orderId)}`,
    },
    addListing: { path: "addproduct", getHref: () => "/dashboard/addproduct" },
    myListings: { path: "myproducts", getHref: () => "/dashboard/myproducts" },
    myListingDetails: {
      path: "myproducts/details/:id",
      getHref: (id: string) => `/dashboard/myproducts/details/${encodeURIComponent(id)}`,
    },
    editListing: {
      path: "myproducts/edit/:id",
      getHref: (id: string) => `/dashboard/myproducts/edit/${encodeURIComponent(id)}`,
    },
    myBuyers: { path: "mybuyers", getHref: () => "/dashboard/mybuyers" },
    /** A seller's money: held, released, paid out (decision 028). */
    earnings: { path: "earnings", getHref: () => "/dashboard/earnings" },
    /** A buyer's or seller's conversations, and one of them. */
    messages: { path: "messages", getHref: () => "/dashboard/messages" },
    conversation: {
      path: "messages/:id",
      getHref: (id: string) => `/dashboard/messages/${encodeURIComponent(id)}`,
    },
    allSellers: { path: "allsellers", getHref: () => "/dashboard/allsellers" },
    allBuyers: { path: "allbuyers", getHref: () => "/dashboard/allbuyers" },
    reportedItems: { path: "reporteditems", getHref: () => "/dashboard/reporteditems" },
    /** The admins' open cash disputes (a buyer says they did not pay the cash a seller marked). */
    cashDisputes: { path: "cashdisputes", getHref: () => "/dashboard/cashdisputes" },
    /** The admins' open handover disputes (a buyer reports a problem with a card-paid handover). */
    disputes: { path: "disputes", getHref: () => "/dashboard/disputes" },
    /** The admins' payouts: what each seller is owed, and the money log. */
    payouts: { path: "payouts", getHref: () => "/dashboard/payouts" },
    /** Everything the person was told (the bell's full list). */
    notifications: { path: "notifications", getHref: () => "/dashboard/notifications" },
    /** The admins' emails the outbox gave up on. */
    undelivered: { path: "undelivered", getHref: () => "/dashboard/undelivered" },
  },
  resetPassword: { path: "/reset-password", getHref: () => "/reset-password" },
  /** An email's unsubscribe link: `?token=…` names the person and the kind of email. */
  unsubscribe: { path: "/unsubscribe", getHref: () => "/unsubscribe" },
  /** Sign-in's second step (after a password reset or Google): the code from the authenticator app. */
  signinCode: {
    path: "/signin",
    getHref: (from?: string) => (from ? `/signin?mfa=1&from=${encodeURIComponent(from)}` : "/signin?mfa=1"),
  },
  /** The profile page at its two-step sign-in section, where an admin who must have it enrols. */
  twoFactor: { path: "/dashboard/profile", getHref: () => "/dashboard/profile#two-factor" },
  /** The profile page at its Delete account section (the privacy policy links there). */
  deleteAccount: { path: "/dashboard/profile", getHref: () => "/dashboard/profile#delete-account" },
  /** Sign-in with the forgot-password dialog open, where a reset link is asked for. */
  forgotPassword: { path: "/signin", getHref: () => "/signin?forgot=1" },
} as const;
