import type { ProblemCode } from "#shared/problem-codes.ts";

/**
 * What the OpenAPI document says of each API route that its declaration cannot show: the client's
 * name for the call, and the problems its service answers beyond those derived from the route
 * (openapi.ts: 400 always; 401 and 403 from `config.access`; 403 for a change from another origin;
 * 404 for a path id; 413 and 415 for a body; 429 for a rate limit). A route without an entry has no
 * operationId, which the OpenAPI test and `npm run lint` (scripts/check-openapi.ts) refuse.
 */

/** The problems an API answer may be, each documented as problem+json. */
export const PROBLEM_STATUSES = [400, 401, 402, 403, 404, 406, 409, 413, 415, 429, 503] as const;
export type ProblemStatus = (typeof PROBLEM_STATUSES)[number];

/** When a route answers a problem, and the codes (src/shared/problem-codes.ts) that answer carries. */
export type Reason = { why: string; codes: readonly ProblemCode[] };
const because = (why: string, ...codes: ProblemCode[]): Reason => ({ why, codes });

export type Operation = {
  /** The client's name for the call: camelCase, unique, kept when the path changes. */
  operationId: string;
  /**
   * Problems the route's declaration does not show (a service's 409, a 404 without a path id), or
   * shows only in general: each replaces the shared answer of its status in this route's document.
   */
  problems?: Partial<Record<ProblemStatus, Reason>>;
  /**
   * A public route that reads the session when there is one (its answer is the caller's own), or
   * one that a payment provider calls with its signature instead.
   */
  security?: "optionalSession" | "stripeSignature";
  /** The route answers a browser navigation with a redirect (302), not with JSON: where it goes. */
  redirect?: string;
};

const IMAGE_BUSY = because(
  "Too many images are being processed right now: try again after `Retry-After` seconds.",
  "image.busy",
);
const NOT_IN_CONVERSATION = because(
  "The conversation is between two other people.",
  "conversation.notYours",
  "auth.forbidden",
);
const OFFER_ANSWER = {
  403: because("The offer is on another seller's bike.", "offer.notYourBike", "auth.forbidden"),
  409: because(
    "The offer was answered already, or the bike is no longer for sale.",
    "offer.notPending",
    "offer.bikeGone",
  ),
} as const;
const NO_GOOGLE = because("Google sign-in is not set up on this server.", "google.notConfigured");
const NOT_FOR_SALE = "The bike is held or sold: it can no longer be changed.";
const HOLD_ENDED = because(
  "The booking is no longer held: it was paid, or it expired, was cancelled or released.",
  "order.notHeld.paid",
  "order.notHeld.expired",
  "order.notHeld.cancelled",
  "order.notHeld.released",
);
const CASH_ANSWER = because(
  "The booking is no longer held, the seller has not marked it paid in cash, or you disputed the mark already.",
  "order.notHeld.paid",
  "order.notHeld.expired",
  "order.notHeld.cancelled",
  "order.notHeld.released",
  "cash.notMarked",
  "cash.alreadyDisputed",
);
const CARD_REFUSED = because(
  "The card was refused: `detail` holds the provider's words.",
  "payment.cardRefused",
);
const PAYMENT_ENDED = [
  "payment.alreadyPaid",
  "payment.lateRefunded",
  "payment.amountMismatch",
  "payment.notHeld.expired",
  "payment.notHeld.cancelled",
  "payment.notHeld.released",
] as const;
const PROVIDER_DOWN = because(
  "The payment provider cannot be reached: try again after `Retry-After` seconds.",
  "payment.providerUnavailable",
);

/** Keyed by "METHOD /url" as Fastify registers the route (the authorization matrix's keys). */
export const OPERATIONS: Readonly<Record<string, Operation>> = {
  "GET /api/health": {
    operationId: "getHealth",
    problems: { 503: because("The database does not answer.", "health.databaseUnreachable") },
  },
  "GET /api/health/ready": {
    operationId: "getReadiness",
    problems: {
      503: because(
        "The database, Redis (when configured) or the image store does not answer.",
        "health.notReady",
      ),
    },
  },

  // Accounts and sessions
  "POST /api/auth/signup": {
    operationId: "signUp",
    problems: {
      409: because("The email address has an account already.", "signup.emailTaken"),
      503: IMAGE_BUSY,
    },
  },
  "POST /api/auth/signin": {
    operationId: "signIn",
    problems: { 401: because("Wrong email or password.", "signin.wrongCredentials") },
  },
  "POST /api/auth/signin/mfa": {
    operationId: "signInWithSecondFactor",
    problems: {
      401: because(
        "No sign-in is waiting for a code (or it expired), or the code is wrong.",
        "mfa.pendingExpired",
        "mfa.wrongCode",
        "mfa.wrongRecoveryCode",
        "mfa.tooManyCodes",
        "auth.notSignedIn",
      ),
    },
  },
  "POST /api/auth/signout": { operationId: "signOut", security: "optionalSession" },
  "GET /api/auth/me": { operationId: "getMe", security: "optionalSession" },
  "PATCH /api/auth/me": { operationId: "updateProfile", problems: { 503: IMAGE_BUSY } },
  "POST /api/auth/password-reset": { operationId: "requestPasswordReset" },
  "POST /api/auth/password-reset/confirm": { operationId: "resetPassword" },
  "GET /api/auth/demo-accounts": {
    operationId: "listDemoAccounts",
    problems: { 404: because("This server has no demo data.", "generic.notFound") },
  },
  "GET /api/auth/providers": { operationId: "getSigninProviders" },
  "GET /api/auth/google": {
    operationId: "startGoogleSignin",
    redirect: "To Google's sign-in page (or back to the sign-in page, when Google cannot be reached).",
    problems: { 404: NO_GOOGLE },
  },
  "GET /api/auth/google/callback": {
    operationId: "finishGoogleSignin",
    redirect:
      "Signed in: to the page the person came from (or to the sign-in page, to enter a code or read why not).",
    problems: { 404: NO_GOOGLE },
  },
  "POST /api/auth/password": { operationId: "changePassword" },
  "GET /api/auth/sessions": { operationId: "listSessions" },
  "DELETE /api/auth/sessions": { operationId: "endOtherSessions" },
  "DELETE /api/auth/sessions/:id": { operationId: "endSession" },
  "PUT /api/language": { operationId: "chooseLanguage", security: "optionalSession" },
  "DELETE /api/me": {
    operationId: "deleteAccount",
    problems: {
      409: because(
        "The last admin's account cannot be deleted, nor a seller's MotoHaat still holds or owes money.",
        "account.lastAdmin",
        "payouts.deleteWhileOwed",
      ),
    },
  },
  "POST /api/auth/mfa/setup": {
    operationId: "startMfaEnrolment",
    problems: { 409: because("Two-step sign-in is on already.", "mfa.alreadyEnabled") },
  },
  "POST /api/auth/mfa/confirm": {
    operationId: "confirmMfaEnrolment",
    problems: {
      409: because(
        "Two-step sign-in is on already, or its setup was started again meanwhile.",
        "mfa.alreadyEnabled",
        "mfa.noEnrolment",
      ),
    },
  },
  "POST /api/auth/mfa/disable": {
    operationId: "disableMfa",
    problems: { 409: because("Two-step sign-in is not on.", "mfa.notEnabled") },
  },
  "GET /api/me/overview": { operationId: "getOverview" },
  "GET /api/events": {
    operationId: "openEventStream",
    problems: {
      406: because("Asked for something other than `text/event-stream`.", "live.eventStreamOnly"),
    },
  },

  // Listings
  "GET /api/categories": { operationId: "listCategories" },
  "GET /api/listings": {
    operationId: "searchListings",
    problems: { 404: because("No such category.", "listing.unknownCategory") },
  },
  "GET /api/listings/nearby": {
    operationId: "listNearbySearches",
    problems: { 404: because("No such category.", "listing.unknownCategory") },
  },
  "GET /api/listings/brands": { operationId: "listBrands" },
  "GET /api/listings/advertised": { operationId: "listAdvertisedListings" },
  "GET /api/listings/:id": { operationId: "getListing", security: "optionalSession" },
  "POST /api/listings": { operationId: "createListing", problems: { 503: IMAGE_BUSY } },
  "POST /api/listings/photos": { operationId: "uploadListingPhoto", problems: { 503: IMAGE_BUSY } },
  "PATCH /api/listings/:id": {
    operationId: "updateListing",
    problems: { 409: because(NOT_FOR_SALE, "listing.soldCannotEdit") },
  },
  "DELETE /api/listings/:id": {
    operationId: "deleteListing",
    problems: { 409: because(NOT_FOR_SALE, "listing.soldCannotDelete") },
  },
  "POST /api/listings/:id/advertise": {
    operationId: "advertiseListing",
    problems: { 409: because(NOT_FOR_SALE, "listing.soldCannotAdvertise") },
  },
  "DELETE /api/listings/:id/advertise": { operationId: "stopAdvertisingListing" },
  "GET /api/me/listings": { operationId: "listMyListings" },
  "GET /api/sellers/:id": { operationId: "getSeller" },

  // Orders and payments
  "POST /api/orders": {
    operationId: "createOrder",
    problems: {
      404: because("No such listing (`listingId`).", "listing.notFound"),
      409: because(
        "The bike was just booked or sold, its price changed, or you hold as many bookings as allowed already.",
        "order.justSold",
        "order.priceChanged",
        "order.tooManyHolds",
      ),
    },
  },
  "GET /api/orders/:id": { operationId: "getOrder" },
  "POST /api/orders/:id/cancel": { operationId: "cancelOrder", problems: { 409: HOLD_ENDED } },
  "POST /api/orders/:id/release": { operationId: "releaseOrder", problems: { 409: HOLD_ENDED } },
  "POST /api/orders/:id/handover": {
    operationId: "confirmHandover",
    problems: {
      409: because(
        "The order is not paid, was paid in cash at the meeting (MotoHaat holds no money of it), or its handover is disputed.",
        "handover.notPaid",
        "handover.cash",
        "dispute.handoverDisputed",
        "dispute.notHeld",
      ),
    },
  },
  "POST /api/orders/:id/dispute": {
    operationId: "disputeHandover",
    problems: {
      409: because(
        "The order is not card-paid, MotoHaat no longer holds its money, the time to report a problem has passed, or you reported one already.",
        "handover.notPaid",
        "handover.cash",
        "dispute.notHeld",
        "dispute.tooLate",
        "dispute.alreadyReported",
      ),
    },
  },
  "GET /api/me/orders": { operationId: "listMyOrders" },
  "GET /api/me/buyers": { operationId: "listMyBuyers" },
  "GET /api/me/earnings": { operationId: "getMyEarnings" },
  "GET /api/me/payout-details": { operationId: "getMyPayoutDetails" },
  "PUT /api/me/payout-details": { operationId: "setMyPayoutDetails" },
  "POST /api/orders/:id/payment-intent": {
    operationId: "createPaymentIntent",
    problems: {
      402: CARD_REFUSED,
      409: because(
        "The order is paid already, its booking ended (a payment that arrived late is refunded), or the seller says it was paid in cash and you have not answered.",
        ...PAYMENT_ENDED,
        "cash.cardWhileMarked",
      ),
      503: PROVIDER_DOWN,
    },
  },
  "POST /api/payments/confirm": {
    operationId: "confirmPayment",
    problems: {
      402: CARD_REFUSED,
      404: because("No such payment of this buyer's.", "payment.unknownIntent", "order.notFound"),
      409: because(
        "The order is paid already, its payment is under way or not done, its booking ended (a payment that arrived late is refunded), or the seller says it was paid in cash and you have not answered.",
        ...PAYMENT_ENDED,
        "payment.inProgress",
        "payment.notSucceeded",
        "cash.cardWhileMarked",
      ),
      503: PROVIDER_DOWN,
    },
  },
  // Cash at the meeting
  "POST /api/orders/:id/cash": {
    operationId: "markOrderPaidInCash",
    problems: {
      409: because(
        "The booking is no longer held, is marked already, or its buyer disputed the mark.",
        "order.notHeld.paid",
        "order.notHeld.expired",
        "order.notHeld.cancelled",
        "order.notHeld.released",
        "cash.alreadyMarked",
        "cash.disputedNoMark",
      ),
    },
  },
  "POST /api/orders/:id/cash/confirm": { operationId: "confirmCashPayment", problems: { 409: CASH_ANSWER } },
  "POST /api/orders/:id/cash/dispute": { operationId: "disputeCashPayment", problems: { 409: CASH_ANSWER } },
  "GET /api/admin/cash-disputes": { operationId: "listCashDisputes" },
  "POST /api/admin/cash-disputes/:id/resolve": {
    operationId: "resolveCashDispute",
    problems: { 409: because("The booking has no open cash dispute.", "cash.noDispute") },
  },
  "GET /api/admin/handover-disputes": { operationId: "listHandoverDisputes" },
  "POST /api/admin/handover-disputes/:id/decide": {
    operationId: "decideHandoverDispute",
    problems: {
      404: because("No card-paid order with this id, or its buyer made no dispute.", "dispute.notFound"),
      409: because("The dispute was decided already.", "dispute.notOpen"),
      503: PROVIDER_DOWN,
    },
  },
  "GET /api/admin/payouts": { operationId: "listOwedSellers" },
  "GET /api/admin/payouts.csv": { operationId: "exportOwedSellers" },
  "POST /api/admin/payouts": {
    operationId: "recordPayout",
    problems: {
      404: because("No seller with this id.", "payouts.notASeller"),
      409: because(
        "The seller has not said where to be paid, or the amount is more than is owed.",
        "payouts.noPayoutDetails",
        "payouts.moreThanOwed",
      ),
    },
  },
  "GET /api/admin/money-log": { operationId: "listMoneyActions" },
  "POST /api/payments/webhook": {
    operationId: "receiveStripeWebhook",
    security: "stripeSignature",
    problems: {
      400: because(
        "The `Stripe-Signature` header does not match the body, or the query holds a NUL character.",
        "payment.badSignature",
        "generic.nulCharacter",
      ),
    },
  },

  // Reports and the admins' work
  "POST /api/listings/:id/reports": {
    operationId: "reportListing",
    problems: { 409: because("You have reported this listing already.", "report.alreadyReported") },
  },
  "GET /api/admin/reports": { operationId: "listReportedListings" },
  "POST /api/admin/reports/:id/dismiss": { operationId: "dismissReports" },
  "DELETE /api/admin/listings/:id": { operationId: "removeListing" },
  "GET /api/admin/sellers": { operationId: "listSellers" },
  "POST /api/admin/sellers/:id/verify": { operationId: "verifySeller" },
  "DELETE /api/admin/sellers/:id/verify": { operationId: "unverifySeller" },
  "GET /api/admin/buyers": { operationId: "listBuyers" },

  // Messages and offers
  "POST /api/listings/:id/conversation": {
    operationId: "messageSeller",
    problems: {
      403: because("You cannot write about your own bike.", "conversation.ownBike"),
      404: because("No such listing, or it was removed.", "listing.notFound"),
      409: because(
        "The bike is no longer for sale (a new conversation cannot start), or one of you blocked the other.",
        "conversation.bikeUnavailable",
        "conversation.blocked",
      ),
    },
  },
  "GET /api/listings/:id/conversation": {
    operationId: "getMyBikeConversation",
    problems: { 404: because("The listing id is not an id.", "listing.notFound") },
  },
  "GET /api/conversations": { operationId: "listConversations" },
  "GET /api/conversations/unread": { operationId: "countUnreadMessages" },
  "GET /api/conversations/:id": { operationId: "getConversation", problems: { 403: NOT_IN_CONVERSATION } },
  "GET /api/conversations/:id/messages": {
    operationId: "listMessages",
    problems: { 403: NOT_IN_CONVERSATION },
  },
  "POST /api/conversations/:id/messages": {
    operationId: "sendMessage",
    problems: {
      403: NOT_IN_CONVERSATION,
      409: because("One of you blocked the other.", "conversation.blocked"),
    },
  },
  "POST /api/conversations/:id/read": {
    operationId: "markConversationRead",
    problems: { 403: NOT_IN_CONVERSATION },
  },
  "POST /api/conversations/:id/block": {
    operationId: "blockInConversation",
    problems: { 403: NOT_IN_CONVERSATION },
  },
  "DELETE /api/conversations/:id/block": {
    operationId: "unblockInConversation",
    problems: { 403: NOT_IN_CONVERSATION },
  },
  "POST /api/conversations/:id/report": {
    operationId: "reportConversation",
    problems: {
      403: NOT_IN_CONVERSATION,
      409: because("You have reported this conversation already.", "conversation.alreadyReported"),
    },
  },
  "POST /api/conversations/:id/offers": {
    operationId: "makeOffer",
    problems: {
      400: because(
        "The offer is not a whole number of taka above 0, or is above the asking price.",
        "validation",
        "offer.aboveAsking",
      ),
      403: NOT_IN_CONVERSATION,
      409: because(
        "The bike is not for sale or not negotiable, an offer is already waiting, or one of you blocked the other.",
        "offer.bikeGone",
        "offer.notNegotiable",
        "offer.pendingExists",
        "conversation.blocked",
      ),
    },
  },
  "POST /api/offers/:id/accept": { operationId: "acceptOffer", problems: OFFER_ANSWER },
  "POST /api/offers/:id/decline": { operationId: "declineOffer", problems: OFFER_ANSWER },
  "PUT /api/saved/:listingId": {
    operationId: "saveBike",
    problems: { 404: because("No bike for sale has this id.", "listing.notFound") },
  },
  "DELETE /api/saved/:listingId": {
    operationId: "unsaveBike",
    problems: { 404: because("The id is not a bike's id.", "listing.notFound") },
  },
  "GET /api/saved/ids": { operationId: "listSavedIds" },
  "GET /api/saved": { operationId: "listSaved" },
  "POST /api/orders/:id/review": {
    operationId: "rateSeller",
    problems: {
      403: because("The order is another buyer's.", "review.notYourOrder", "auth.forbidden"),
      404: because("No order has this id.", "order.notFound"),
      409: because(
        "The order is not paid, or you have rated it already.",
        "review.notPaid",
        "review.alreadyRated",
      ),
    },
  },
  "GET /api/me/reviews": { operationId: "listMyRatings" },
  "GET /api/sellers/:id/reviews": {
    operationId: "listSellerReviews",
    problems: { 404: because("The id is not a seller's id.", "listing.sellerNotFound") },
  },
  "POST /api/reviews/:id/reply": {
    operationId: "replyToReview",
    problems: {
      403: because("The review rates another seller.", "review.notYourReview", "auth.forbidden"),
      404: because("No review has this id, or an admin removed it.", "review.notFound"),
      409: because("You have replied to this review already.", "review.alreadyReplied"),
    },
  },
  "POST /api/reviews/:id/report": {
    operationId: "reportReview",
    problems: {
      403: because("You wrote this review.", "review.ownReview", "auth.forbidden"),
      404: because("No review has this id, or an admin removed it.", "review.notFound"),
      409: because("You have reported this review already.", "review.alreadyReported"),
    },
  },
  "GET /api/admin/reviews/reported": { operationId: "listReportedReviews" },
  "DELETE /api/admin/reviews/:id": {
    operationId: "removeReview",
    problems: { 404: because("No review has this id, or it was removed already.", "review.notFound") },
  },
  "POST /api/admin/reviews/:id/dismiss": {
    operationId: "dismissReviewReports",
    problems: {
      404: because("The review has no open reports.", "review.nothingToDismiss", "review.notFound"),
    },
  },
  "GET /api/admin/conversation-reports": { operationId: "listReportedConversations" },
  "POST /api/admin/conversation-reports/:id/dismiss": { operationId: "dismissConversationReports" },
  // Notifications (decision 023).
  "GET /api/notifications": { operationId: "listNotifications" },
  "GET /api/notifications/unread-count": { operationId: "countUnreadNotifications" },
  "POST /api/notifications/read": { operationId: "markNotificationsRead" },
  "GET /api/notifications/preferences": { operationId: "getEmailPreferences" },
  "PUT /api/notifications/preferences": { operationId: "setEmailPreferences" },
  "POST /api/notifications/unsubscribe": {
    operationId: "unsubscribeOneClick",
    problems: {
      400: because(
        "The token is missing, altered or not one of our emails' (a mail provider's one-click POST).",
        "validation",
        "notification.badUnsubscribeLink",
      ),
    },
  },
  "GET /api/admin/outbox/dead": { operationId: "listDeadLetters" },
  "POST /api/admin/outbox/:id/retry": {
    operationId: "retryDeadLetter",
    problems: { 404: because("No undelivered email has this id.", "notification.deadNotFound") },
  },
};
