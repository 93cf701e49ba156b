import { z } from "zod";
import { MAX_MESSAGE_LENGTH, MAX_REASON_LENGTH, OFFER_HOURS } from "#shared/message-limits.ts";
import { MSG } from "#shared/messages.ts";
import { TALK_MSG } from "#shared/talk-messages.ts";
import { ImageSchema } from "./images.ts";
import { PageQuerySchema, pageOf } from "./paging.ts";
import { PersonSchema } from "./people.ts";

export { MAX_MESSAGE_LENGTH, OFFER_HOURS };

/** A message's text: trimmed, 1 to 2,000 characters, line breaks kept as LF. */
export const MessageBodySchema = z.preprocess(
  (v) => (typeof v === "string" ? v.replace(/\r\n?/g, "\n") : v),
  z
    .string({ error: TALK_MSG.conversation.bodyRequired })
    .trim()
    .min(1, { error: TALK_MSG.conversation.bodyRequired })
    .max(MAX_MESSAGE_LENGTH, { error: TALK_MSG.conversation.bodyTooLong }),
);

/** `POST /api/listings/:id/conversation` and `POST /api/conversations/:id/messages`. */
export const MessageCreateSchema = z.object({ body: MessageBodySchema });
export type MessageCreateReq = z.infer<typeof MessageCreateSchema>;

/** `POST /api/conversations/:id/offers`: whole taka above 0 (at most the asking price, checked by the server). */
export const OfferCreateSchema = z.object({
  amount: z
    .number({ error: TALK_MSG.offer.amountRequired })
    .int({ error: TALK_MSG.offer.amountRequired })
    .positive({ error: TALK_MSG.offer.amountRequired })
    .max(2_147_483_647, { error: TALK_MSG.offer.aboveAsking }),
});
export type OfferCreateReq = z.infer<typeof OfferCreateSchema>;

/** `POST /api/conversations/:id/report`. */
export const ConversationReportSchema = z.object({
  reason: z
    .string({ error: TALK_MSG.conversation.reasonRequired })
    .trim()
    .min(1, { error: TALK_MSG.conversation.reasonRequired })
    .max(MAX_REASON_LENGTH, { error: MSG.report.reasonTooLong }),
});
export type ConversationReportReq = z.infer<typeof ConversationReportSchema>;

/**
 * An offer: `pending` until the seller answers; `accepted` lets the buyer book at `amount` until
 * `expiresAt` (ISO); `declined`; `withdrawn` is kept for later.
 */
export const OfferSchema = z.object({
  id: z.string(),
  conversationId: z.string(),
  amount: z.number().int(),
  status: z.enum(["pending", "accepted", "declined", "withdrawn"]),
  expiresAt: z.string().nullable(),
  createdAt: z.string(),
});
export type Offer = z.infer<typeof OfferSchema>;
export const OfferResponseSchema = z.object({ offer: OfferSchema });

/**
 * One message as both people see it (and as the event stream carries it): the same for either
 * reader, so `senderId` says whose it is. `offer`: the offer it made or answered, as it is now.
 */
export const MessageSchema = z.object({
  id: z.number().int(),
  conversationId: z.string(),
  senderId: z.string(),
  body: z.string(),
  sentAt: z.string(),
  offer: OfferSchema.nullable(),
});
export type Message = z.infer<typeof MessageSchema>;
export const MessageResponseSchema = z.object({ message: MessageSchema });

/**
 * `GET /api/conversations/:id/messages`: the newest page by default, `cursor` (a message id) for
 * the page before it, `after` (a message id) for everything newer. Items oldest first; `nextCursor`
 * asks for older ones.
 */
export const MessagesQuerySchema = PageQuerySchema.extend({
  after: z.coerce.number().int().min(0).optional(),
});
export const MessagesPageSchema = pageOf(MessageSchema);
export type MessagesPage = z.infer<typeof MessagesPageSchema>;

/** Someone in a conversation as the other sees them: a name and a photo, never an email or phone. */
export const ConversationPersonSchema = PersonSchema.omit({ email: true });

/**
 * The bike a conversation is about: while it exists, its photo, model and price now; once deleted,
 * only the model it had when the conversation began. `state`: `sold` (held or paid for) or
 * `removed` (hidden or deleted) say the conversation stays readable only.
 */
export const ConversationBikeSchema = z.object({
  id: z.string().nullable(),
  model: z.string(),
  price: z.number().int().nullable(),
  photo: ImageSchema.nullable(),
  negotiable: z.boolean(),
  state: z.enum(["available", "sold", "removed"]),
});
export type ConversationBike = z.infer<typeof ConversationBikeSchema>;

/** A conversation in the list: `role` is the reader's part in it; `unread`: the other's messages since the reader's marker. */
export const ConversationSchema = z.object({
  id: z.string(),
  role: z.enum(["buyer", "seller"]),
  bike: ConversationBikeSchema,
  other: ConversationPersonSchema,
  /** `offer`: it made, accepted or declined an offer, so its words are MotoHaat's (said in the reader's language). */
  lastMessage: z
    .object({ body: z.string(), senderId: z.string(), sentAt: z.string(), offer: z.boolean() })
    .nullable(),
  unread: z.number().int(),
  updatedAt: z.string(),
});
export type Conversation = z.infer<typeof ConversationSchema>;
export const ConversationsPageSchema = pageOf(ConversationSchema);
export type ConversationsPage = z.infer<typeof ConversationsPageSchema>;

/**
 * One conversation: the list's fields, who blocked whom (either way stops the messages), whether
 * the reader reported it, and its newest offer.
 */
export const ConversationDetailSchema = ConversationSchema.extend({
  blockedByMe: z.boolean(),
  blockedByThem: z.boolean(),
  reportedByMe: z.boolean(),
  offer: OfferSchema.nullable(),
});
export type ConversationDetail = z.infer<typeof ConversationDetailSchema>;
export const ConversationDetailResponseSchema = z.object({ conversation: ConversationDetailSchema });

/** `POST /api/listings/:id/conversation`: the conversation (new or the buyer's existing one) and the message. */
export const ConversationStartResponseSchema = z.object({
  conversationId: z.string(),
  message: MessageSchema,
});

/**
 * `GET /api/listings/:id/conversation`: the buyer's conversation about the bike, if any, and an
 * accepted offer they may still book at (its price replaces the asking price when booking).
 */
export const MyBikeConversationSchema = z.object({
  conversationId: z.string().nullable(),
  acceptedOffer: OfferSchema.nullable(),
});
export type MyBikeConversation = z.infer<typeof MyBikeConversationSchema>;

export const UnreadCountSchema = z.object({ unread: z.number().int() });

/** A conversation in the admins' queue: both people (with emails, to write to them), every report and the messages. */
const ReportedConversationSchema = z.object({
  id: z.string(),
  bikeModel: z.string(),
  listingId: z.string().nullable(),
  buyer: PersonSchema.omit({ photo: true }),
  seller: PersonSchema.omit({ photo: true }),
  reports: z.array(
    z.object({
      id: z.string(),
      reason: z.string(),
      reportedAt: z.string(),
      reporter: PersonSchema.omit({ photo: true }),
    }),
  ),
  /** The newest messages (at most 100), oldest first. */
  messages: z.array(MessageSchema),
});
export type ReportedConversation = z.infer<typeof ReportedConversationSchema>;
export const ReportedConversationsPageSchema = pageOf(ReportedConversationSchema);
