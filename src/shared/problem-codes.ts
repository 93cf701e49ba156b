import { findMessage, type MessageKey, messageAt } from "#shared/i18n/catalogue.ts";

export { type MessageKey, messageAt };

/*
 * Every problem+json the API sends carries a `code`: a stable, machine-readable name of what went
 * wrong, for clients to branch on (the `detail` is for people and may be reworded). A problem whose
 * detail is a message of MSG is named by that message's key: `new Conflict(MSG.order.tooManyHolds)`
 * is sent with `code: "order.tooManyHolds"`, found from the text by `codeOf`. The others (validation,
 * the framework's refusals, the card provider's own words) are named in OTHER_PROBLEMS and given
 * where they are made. docs/product.md lists every code with its status (src/server/product-doc.test.ts).
 */

/**
 * The messages the API sends as a problem's detail, each with the statuses it is sent with. A new
 * `throw new X(MSG.…)` with a message not listed here is refused by the tests (src/server/plugins/errors.ts).
 */
const MESSAGE_PROBLEMS = {
  "auth.notSignedIn": [401],
  "auth.forbidden": [403],
  "auth.badOrigin": [403],
  "auth.tooManyAttempts": [429],
  "signin.wrongCredentials": [401],
  "signin.tooManyFailures": [429],
  "signup.emailTaken": [409],
  "mfa.wrongCode": [400, 401],
  "mfa.wrongRecoveryCode": [401],
  "mfa.pendingExpired": [401],
  "mfa.tooManyCodes": [401],
  "mfa.alreadyEnabled": [409],
  "mfa.notEnabled": [409],
  "mfa.noEnrolment": [400, 409],
  "mfa.enrolmentRequired": [403],
  "mfa.sessionNotVerified": [403],
  "mfa.adminMustKeep": [403],
  "mfa.wrongPassword": [400],
  "mfa.noPassword": [400],
  "mfa.secretUnreadable": [500],
  "google.notConfigured": [404],
  "passwordReset.linkInvalid": [400],
  "profile.nothingToChange": [400],
  "account.currentPasswordWrong": [400],
  "account.noPassword": [400],
  "account.sessionNotFound": [404],
  "account.deletePasswordRequired": [400],
  "account.deletePasswordWrong": [400],
  "account.deleteWordRequired": [400],
  "account.lastAdmin": [409],
  "account.demoNotDeletable": [403],
  "generic.notFound": [404],
  "generic.nulCharacter": [400],
  "listing.notFound": [404],
  "listing.notOwner": [403],
  "listing.soldCannotAdvertise": [409],
  "listing.soldCannotDelete": [409],
  "listing.soldCannotEdit": [409],
  "listing.unknownCategory": [404],
  "listing.badCursor": [400],
  "listing.minAboveMax": [400],
  "listing.tooManyPhotos": [400],
  "listing.photoUnknown": [400],
  "listing.photoRepeated": [400],
  "listing.nothingToUpdate": [400],
  "listing.sellerNotFound": [400, 404],
  "order.justSold": [409],
  "order.priceChanged": [409],
  "order.notFound": [404],
  "order.notYours": [403],
  "order.ownBike": [403],
  "order.tooManyHolds": [409],
  "order.notHeld.paid": [409],
  "order.notHeld.expired": [409],
  "order.notHeld.cancelled": [409],
  "order.notHeld.released": [409],
  "order.notYourBike": [403],
  "handover.notPaid": [409],
  "handover.cash": [409],
  "dispute.notHeld": [409],
  "dispute.tooLate": [409],
  "dispute.alreadyReported": [409],
  "dispute.handoverDisputed": [409],
  "dispute.notOpen": [409],
  "dispute.notFound": [404],
  "payouts.moreThanOwed": [409],
  "payouts.noPayoutDetails": [409],
  "payouts.notASeller": [404],
  "payouts.deleteWhileOwed": [409],
  "report.alreadyReported": [409],
  "report.nothingToDismiss": [404],
  "review.notFound": [404],
  "review.notYourOrder": [403],
  "review.notPaid": [409],
  "review.alreadyRated": [409],
  "review.notYourReview": [403],
  "review.alreadyReplied": [409],
  "review.ownReview": [403],
  "review.alreadyReported": [409],
  "review.nothingToDismiss": [404],
  "conversation.notFound": [404],
  "conversation.notYours": [403],
  "conversation.ownBike": [403],
  "conversation.bikeUnavailable": [409],
  "conversation.blocked": [409],
  "conversation.tooManyMessages": [429],
  "conversation.tooManyConversations": [429],
  "conversation.alreadyReported": [409],
  "conversation.nothingToDismiss": [404],
  "offer.aboveAsking": [400],
  "offer.notNegotiable": [409],
  "offer.bikeGone": [409],
  "offer.pendingExists": [409],
  "offer.notFound": [404],
  "offer.notYourBike": [403],
  "offer.notPending": [409],
  "admin.sellerNotFound": [404],
  "payment.alreadyPaid": [409],
  "payment.inProgress": [409],
  "payment.unknownIntent": [404],
  "payment.providerUnavailable": [503],
  "payment.cardRequired": [400],
  "payment.amountMismatch": [409],
  "payment.notSucceeded": [409],
  "payment.badSignature": [400],
  "payment.notHeld.expired": [409],
  "payment.notHeld.cancelled": [409],
  "payment.notHeld.released": [409],
  "payment.lateRefunded": [409],
  "cash.notMarked": [409],
  "cash.alreadyMarked": [409],
  "cash.disputedNoMark": [409],
  "cash.alreadyDisputed": [409],
  "cash.cardWhileMarked": [409],
  "cash.noDispute": [409],
  "image.tooLarge": [413],
  "image.notImage": [415],
  "image.tooManyPixels": [413],
  "image.tooManyUploads": [429],
  "image.busy": [503],
  "live.eventStreamOnly": [406],
  "live.nodeDraining": [503],
  "notification.badUnsubscribeLink": [400],
  "notification.deadNotFound": [404],
} as const satisfies Partial<Record<MessageKey, readonly number[]>>;

/** Codes clients used before codes were named after messages: kept as they were. */
const RENAMED = {
  "mfa.enrolmentRequired": "mfa_enrolment_required",
} as const satisfies Partial<Record<keyof typeof MESSAGE_PROBLEMS, string>>;

/** Problems whose detail is not one message of MSG: their statuses and what they mean. */
const OTHER_PROBLEMS = {
  validation: {
    status: [400],
    meaning: "A field is not valid: `errors` holds each field's message, `detail` the first of them",
  },
  "route.notFound": { status: [404], meaning: "Nothing at this method and path (`Nothing at GET /api/x.`)" },
  "request.badJson": { status: [400], meaning: "The body is not valid JSON" },
  "request.emptyJson": { status: [400], meaning: "The body is empty though its type is JSON" },
  "request.tooDeep": { status: [400], meaning: "The body is nested deeper than any request of ours" },
  "request.contentLength": { status: [400], meaning: "The body's size is not its Content-Length" },
  "request.mediaType": { status: [415], meaning: "The body is neither JSON nor multipart form data" },
  "request.tooLarge": { status: [413], meaning: "The body is over the size limit" },
  "request.badUrl": { status: [400], meaning: "The address has a bad `%` escape" },
  "request.paramTooLong": { status: [414], meaning: "A part of the address is too long" },
  "request.timeout": { status: [408], meaning: "The request took too long to arrive" },
  "request.headersTooLarge": { status: [431], meaning: "The headers (often the cookies) are too large" },
  "request.notHttp": { status: [400], meaning: "Not an HTTP request Node can read" },
  "multipart.malformed": {
    status: [400],
    meaning: "The form is not well-formed multipart (no boundary, cut short, boundary too long)",
  },
  "multipart.notMultipart": { status: [406], meaning: "A form was expected as multipart form data" },
  "multipart.tooManyFiles": { status: [413], meaning: "More files than the form takes" },
  "multipart.tooManyParts": { status: [413], meaning: "The form has too many parts" },
  "multipart.tooManyFields": { status: [413], meaning: "The form has too many fields" },
  "multipart.reservedName": { status: [400], meaning: "A form field is named `__proto__` or the like" },
  "multipart.badJsonField": { status: [406], meaning: "A form field marked as JSON is not valid JSON" },
  "multipart.closedEarly": { status: [400], meaning: "The form ended before it was fully received" },
  "payment.cardRefused": {
    status: [402],
    meaning:
      "The card provider refused the card: `detail` is the provider's own words, `errors` the card fields",
  },
  "health.databaseUnreachable": { status: [503], meaning: "`/api/health`: the database does not answer" },
  "health.notReady": {
    status: [503],
    meaning:
      "`/api/health/ready`: the database, Redis or the image store does not answer (the detail names which)",
  },
  internal: { status: [500], meaning: "Any server error; its details are logged, never sent" },
  unclassified: {
    status: [],
    meaning: "A problem the server has no name for yet: a bug (the tests refuse it); act on the status",
  },
} as const satisfies Record<string, { status: readonly number[]; meaning: string }>;

type Renamed = typeof RENAMED;
type CodeOfKey<K> = K extends keyof Renamed ? Renamed[K] : K;

/** Every code a problem+json of the API may carry. */
export type ProblemCode = CodeOfKey<keyof typeof MESSAGE_PROBLEMS> | keyof typeof OTHER_PROBLEMS;

/** What docs/product.md says of each code: its statuses and its message's key, or what it means. */
type ProblemCodeInfo = { code: ProblemCode; status: readonly number[] } & (
  | { key: MessageKey; meaning?: undefined }
  | { key?: undefined; meaning: string }
);

const renamed: Partial<Record<string, ProblemCode>> = RENAMED;

/** Every code, messages' first, in the order above. */
export const PROBLEM_CODES: readonly ProblemCodeInfo[] = [
  ...(Object.entries(MESSAGE_PROBLEMS) as [keyof typeof MESSAGE_PROBLEMS, readonly number[]][]).map(
    ([key, status]) => ({ code: renamed[key] ?? (key as ProblemCode), status, key }),
  ),
  ...(Object.entries(OTHER_PROBLEMS) as [ProblemCode, { status: readonly number[]; meaning: string }][]).map(
    ([code, { status, meaning }]) => ({ code, status, meaning }),
  ),
];

let statuses: Map<ProblemCode, readonly number[]> | undefined;

/**
 * The code of a problem whose detail is this message of MSG (a template's text too); else undefined.
 * The message is found as the translations find it (`findMessage`: one index of every text).
 */
export function codeOf(detail: string): ProblemCode | undefined {
  const key = findMessage(detail)?.key;
  if (key === undefined || !Object.hasOwn(MESSAGE_PROBLEMS, key)) return undefined;
  return renamed[key] ?? (key as ProblemCode);
}

/** The statuses a problem with this code is sent with (none for an unknown code). */
export function statusesOf(code: string): readonly number[] {
  // Built on first use (the browser imports this file for its types and never needs it).
  statuses ??= new Map(PROBLEM_CODES.map((info) => [info.code, info.status]));
  return statuses.get(code as ProblemCode) ?? [];
}
