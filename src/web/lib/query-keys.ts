/**
 * Every query key of the app, one factory per domain. Where a domain has an `all`, its other keys start
 * with it, so invalidating `all` refreshes every list, detail and page of it (TanStack Query matches by
 * prefix). Two sets of keys stand outside any `all`, and moving them under one would widen what that
 * `all` refreshes: the seller's buyers (`orders.myBuyers`, not refreshed by booking or paying) and the
 * admin tables (`admin`: verifying a seller refreshes `admin.sellers` by its own key).
 * Booking, paying, verifying or removing in one feature refreshes what another shows through these
 * keys, without either feature importing the other.
 */
export const queryKeys = {
  auth: {
    all: ["auth"] as const,
    /** The signed-in user (`useSession`): identity and role always come from here. */
    me: ["auth", "me"] as const,
    demoAccounts: ["auth", "demo-accounts"] as const,
    providers: ["auth", "providers"] as const,
    /** The signed-in devices of the profile page. */
    devices: ["auth", "sessions"] as const,
  },
  categories: ["categories"] as const,
  /** Every cached bike (lists, details, advertised) carries the selling status booking changes. */
  listings: {
    all: ["listings"] as const,
    /** A search: `params` is the API's query without the cursor (`category`, filters, sort, `seller`). */
    list: (params: Record<string, string>) => ["listings", "list", params] as const,
    /** The one-change searches offered when a search finds nothing: counts change with the market. */
    nearby: (params: Record<string, string>) => ["listings", "nearby", params] as const,
    /** The brands of the brand filter: new listings add brands. */
    brands: ["listings", "brands"] as const,
    /** A seller's public page: its counts of bikes sold and for sale change with booking, hence under `all`. */
    seller: (sellerId: string) => ["listings", "seller", sellerId] as const,
    mine: ["listings", "mine"] as const,
    advertised: ["listings", "advertised"] as const,
    detail: (id: string) => ["listings", "detail", id] as const,
  },
  /** The payment page's order sits under `all` too: a payment or a booking refreshes it with My orders. */
  orders: {
    all: ["orders"] as const,
    mine: ["orders", "mine"] as const,
    /** The phone of the buyer's latest booking, offered by the booking form: booking again changes it. */
    lastPhone: ["orders", "last-phone"] as const,
    detail: (orderId: string) => ["orders", "detail", orderId] as const,
    /** The seller's buyers (My buyers): outside `orders.all` (see above). */
    myBuyers: ["buyers", "mine"] as const,
    /** The admins' open cash disputes: outside `orders.all`, refreshed by an admin's decision. */
    cashDisputes: ["cash-disputes"] as const,
    /** The admins' open handover disputes: refreshed by an admin's decision. */
    handoverDisputes: ["handover-disputes"] as const,
  },
  payments: {
    intent: (orderId: string) => ["payments", "intent", orderId] as const,
    /** The seller's earnings: refreshed by nothing the seller does; fresh on each visit. */
    earnings: ["payments", "earnings"] as const,
    /** Where the seller is paid: changed only on the profile page. */
    payoutDetails: ["payments", "payout-details"] as const,
    /** The admins' owed list and money log: refreshed by a payout or a dispute's decision. */
    adminMoney: ["admin-money"] as const,
    owed: ["admin-money", "owed"] as const,
    moneyLog: ["admin-money", "log"] as const,
  },
  reports: {
    all: ["reports"] as const,
    /** The admins' reported items. */
    reported: ["reports", "admin"] as const,
  },
  /**
   * Conversations and their messages. The live event stream (`src/web/app/live-events.tsx`)
   * invalidates `all` on a message or conversation event: the list, the open conversation and the
   * unread badges refresh together.
   */
  conversations: {
    all: ["conversations"] as const,
    list: ["conversations", "list"] as const,
    unread: ["conversations", "unread"] as const,
    detail: (id: string) => ["conversations", "detail", id] as const,
    messages: (id: string) => ["conversations", "messages", id] as const,
    /** The buyer's conversation about a bike and their accepted offer for it (the bike's page). */
    bike: (listingId: string) => ["conversations", "bike", listingId] as const,
    /** The admins' queue of reported conversations. */
    reported: ["conversations", "reported"] as const,
  },
  /** The bell. The live event stream invalidates `all` on a notification event. */
  notifications: {
    all: ["notifications"] as const,
    list: ["notifications", "list"] as const,
    unread: ["notifications", "unread"] as const,
    /** The email switches of the profile page (not live). */
    preferences: ["notification-preferences"] as const,
  },
  /** A buyer's saved bikes and which bikes are saved (the hearts on cards). */
  saved: {
    all: ["saved"] as const,
    list: ["saved", "list"] as const,
    ids: ["saved", "ids"] as const,
  },
  /** A seller's reviews (their public page and the bike's page). */
  reviews: {
    all: ["reviews"] as const,
    ofSeller: (sellerId: string) => ["reviews", "seller", sellerId] as const,
    /** The orders the buyer rated (My orders shows the stars instead of the form). */
    mine: ["reviews", "mine"] as const,
    /** The admins' queue of reported reviews. */
    reported: ["reviews", "reported"] as const,
  },
  /** The dashboard's counts (`GET /api/me/overview`): asked again each time the page opens. */
  overview: ["overview"] as const,
  admin: {
    buyers: ["admin", "buyers"] as const,
    sellers: ["admin", "sellers"] as const,
  },
} as const;
