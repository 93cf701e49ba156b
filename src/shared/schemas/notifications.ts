import { z } from "zod";

/**
 * Every kind of notification, with the words its email switch has on the profile page. A person
 * may switch each kind's email off; the in-app one (the bell) always arrives.
 */
export const NOTIFICATION_KINDS = {
  bikeBooked: "One of my bikes is booked",
  holdEnded: "A booking of my bike ended unpaid",
  holdEndingSoon: "My booking is about to run out",
  orderPaid: "An order is paid",
  moneyReleased: "Money from a sale reaches my earnings",
  handoverDisputed: "A buyer reports a problem with a handover",
  disputeDecided: "An admin decides a handover dispute",
  paidOut: "MotoHaat pays me out",
  payoutDetailsNeeded: "MotoHaat needs to know where to pay me",
  sellerVerified: "My seller account is verified",
  listingRemoved: "An admin removed my listing",
  messageReceived: "Someone wrote to me",
  offerReceived: "A buyer made an offer on my bike",
  offerDecided: "A seller accepted or declined my offer",
  cashMarked: "A seller says I paid cash",
  cashDisputed: "A buyer disputes a cash payment",
  cashReleased: "An admin ended a booking after a cash dispute",
  savedPriceDrop: "A bike I saved got cheaper",
  savedSold: "A bike I saved was sold",
  reviewReceived: "A buyer rated me",
} as const;
export type NotificationKind = keyof typeof NOTIFICATION_KINDS;
export const NotificationKindSchema = z.enum(
  Object.keys(NOTIFICATION_KINDS) as [NotificationKind, ...NotificationKind[]],
);

/**
 * What a notification shows, in the bell and in its email: plain words (never markup), the path it
 * leads to on the site, and the bike when there is one.
 */
export const NotificationDataSchema = z.object({
  title: z.string(),
  body: z.string(),
  /** A path on this site, such as `/dashboard/messages/…`; the email makes it absolute. */
  link: z.string(),
  bike: z.object({ model: z.string(), price: z.number().int() }).optional(),
});
export type NotificationData = z.infer<typeof NotificationDataSchema>;

/** One notification in the bell and on `/dashboard/notifications` (the event stream sends the same shape). */
export const NotificationSchema = z.object({
  id: z.number().int(),
  kind: z.string(),
  data: NotificationDataSchema,
  createdAt: z.string(),
  read: z.boolean(),
});
export type Notification = z.infer<typeof NotificationSchema>;

/** `GET /api/notifications`: newest first; `unread` counts every unread one, not just this page's. */
export const NotificationsPageSchema = z.object({
  items: z.array(NotificationSchema),
  nextCursor: z.string().nullable(),
  unread: z.number().int(),
});
export type NotificationsPage = z.infer<typeof NotificationsPageSchema>;

/** `GET /api/notifications/unread-count`, and the answer of marking read. */
export const UnreadCountSchema = z.object({ unread: z.number().int() });
export type UnreadCount = z.infer<typeof UnreadCountSchema>;

/** `POST /api/notifications/read`: every notification up to and including `upTo` (all when left out). */
export const MarkReadSchema = z.object({ upTo: z.number().int().positive().optional() });
export type MarkReadReq = z.infer<typeof MarkReadSchema>;

/** Whether each kind's email is on (true) or switched off (false). */
export const EmailPreferencesSchema = z.object(
  Object.fromEntries(Object.keys(NOTIFICATION_KINDS).map((k) => [k, z.boolean()])) as Record<
    NotificationKind,
    z.ZodBoolean
  >,
);
export type EmailPreferences = z.infer<typeof EmailPreferencesSchema>;
export const PreferencesResponseSchema = z.object({ email: EmailPreferencesSchema });
export type PreferencesResponse = z.infer<typeof PreferencesResponseSchema>;
/** `PUT /api/notifications/preferences`: the kinds to change; the others stay as they are. */
export const PreferencesUpdateSchema = z.object({ email: EmailPreferencesSchema.partial().strict() });
export type PreferencesUpdate = z.infer<typeof PreferencesUpdateSchema>;

/** `POST /api/notifications/unsubscribe?token=…`: the signed link of an email (no session needed). */
export const UnsubscribeQuerySchema = z.object({ token: z.string().min(1).max(300) });
export const UnsubscribeResponseSchema = z.object({ kind: NotificationKindSchema, label: z.string() });
export type UnsubscribeResponse = z.infer<typeof UnsubscribeResponseSchema>;

/** An email the outbox gave up on (`GET /api/admin/outbox/dead`), for an admin to look into. */
export const DeadLetterSchema = z.object({
  id: z.number().int(),
  kind: z.string(),
  title: z.string(),
  /** The person it was for: their name and address (an admin needs it to see what went wrong). */
  recipient: z.object({ id: z.string(), name: z.string(), email: z.string() }),
  attempts: z.number().int(),
  lastError: z.string().nullable(),
  createdAt: z.string(),
});
export type DeadLetter = z.infer<typeof DeadLetterSchema>;
export const DeadLettersPageSchema = z.object({
  items: z.array(DeadLetterSchema),
  nextCursor: z.string().nullable(),
});
export type DeadLettersPage = z.infer<typeof DeadLettersPageSchema>;
export const DeadLetterRetryResponseSchema = z.object({ retried: z.literal(true) });
