import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { limiter } from "#server/plugins/rate-limit.ts";
import { askSeller, readConversation, sendMessage } from "#server/workflows/messaging.ts";
import { answerOffer, offerPrice } from "#server/workflows/offers.ts";
import {
  ConversationDetailResponseSchema,
  ConversationReportSchema,
  ConversationStartResponseSchema,
  ConversationsPageSchema,
  MessageCreateSchema,
  MessageResponseSchema,
  MessagesPageSchema,
  MessagesQuerySchema,
  MyBikeConversationSchema,
  OfferCreateSchema,
  OfferResponseSchema,
  ReportedConversationsPageSchema,
  UnreadCountSchema,
} from "#shared/schemas/messages.ts";
import { IdParamsSchema, PageQuerySchema } from "#shared/schemas/paging.ts";
import { TALK_MSG } from "#shared/talk-messages.ts";
import { messageLiveSource } from "./live.ts";
import { dismissConversationReports, listReportedConversations } from "./reported.ts";
import {
  conversationDetail,
  listConversations,
  messagesPage,
  myBikeConversation,
  reportConversation,
  setBlock,
  unreadCount,
} from "./service.ts";

export async function messageRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { db } = app;
  const tags = ["messages"];
  app.liveStream.source("message", messageLiveSource);

  // Per account, counted before the body is read: every message sent (offers and answers are
  // messages too), and every conversation a buyer opens from a bike's page.
  const perMessage = limiter(
    app,
    (req) => `messages:user:${req.user?.id}`,
    app.config.messageRateLimit,
    TALK_MSG.conversation.tooManyMessages,
  );
  const perConversation = limiter(
    app,
    (req) => `conversations:user:${req.user?.id}`,
    app.config.conversationRateLimit,
    TALK_MSG.conversation.tooManyConversations,
  );
  const people = { access: ["buyer", "seller"] as const, noStore: true };

  r.post(
    "/api/listings/:id/conversation",
    {
      config: { access: ["buyer"] },
      onRequest: [perConversation, perMessage],
      schema: {
        tags,
        summary: "Write to a bike's seller: starts your conversation about it (or adds to the one you have)",
        params: IdParamsSchema,
        body: MessageCreateSchema,
        response: { 201: ConversationStartResponseSchema },
      },
    },
    async (request, reply) =>
      reply.code(201).send(await askSeller(db, request.user!, request.params.id, request.body.body)),
  );

  r.get(
    "/api/listings/:id/conversation",
    {
      config: { access: ["buyer"], noStore: true },
      schema: {
        tags,
        summary: "Your conversation about a bike, if any, and an accepted offer you may still book it at",
        params: IdParamsSchema,
        response: { 200: MyBikeConversationSchema },
      },
    },
    async (request) => myBikeConversation(db, request.user!, request.params.id),
  );

  r.get(
    "/api/conversations",
    {
      config: people,
      schema: {
        tags,
        summary: "Your conversations, the most recently active first, each with its unread count",
        querystring: PageQuerySchema,
        response: { 200: ConversationsPageSchema },
      },
    },
    async (request) => listConversations(db, request.user!, request.query),
  );

  r.get(
    "/api/conversations/unread",
    {
      config: people,
      schema: {
        tags,
        summary: "How many messages you have not read, across your conversations",
        response: { 200: UnreadCountSchema },
      },
    },
    async (request) => ({ unread: await unreadCount(db, request.user!) }),
  );

  r.get(
    "/api/conversations/:id",
    {
      config: people,
      schema: {
        tags,
        summary: "One of your conversations: the bike, the other person, blocks and the newest offer",
        params: IdParamsSchema,
        response: { 200: ConversationDetailResponseSchema },
      },
    },
    async (request) => ({ conversation: await conversationDetail(db, request.user!, request.params.id) }),
  );

  r.get(
    "/api/conversations/:id/messages",
    {
      config: people,
      schema: {
        tags,
        summary:
          "A conversation's messages, oldest first: the newest page, the one before `cursor`, or all after `after`",
        params: IdParamsSchema,
        querystring: MessagesQuerySchema,
        response: { 200: MessagesPageSchema },
      },
    },
    async (request) => messagesPage(db, request.user!, request.params.id, request.query),
  );

  r.post(
    "/api/conversations/:id/messages",
    {
      config: { access: ["buyer", "seller"] },
      onRequest: perMessage,
      schema: {
        tags,
        summary: "Write in one of your conversations (the other person is told)",
        params: IdParamsSchema,
        body: MessageCreateSchema,
        response: { 201: MessageResponseSchema },
      },
    },
    async (request, reply) =>
      reply
        .code(201)
        .send({ message: await sendMessage(db, request.user!, request.params.id, request.body.body) }),
  );

  r.post(
    "/api/conversations/:id/read",
    {
      config: { access: ["buyer", "seller"] },
      schema: {
        tags,
        summary: "Mark a conversation read up to its newest message",
        params: IdParamsSchema,
        response: { 204: z.undefined() },
      },
    },
    async (request, reply) => {
      await readConversation(db, request.user!, request.params.id);
      return reply.code(204).send();
    },
  );

  for (const [method, blocked] of [
    ["POST", true],
    ["DELETE", false],
  ] as const) {
    r.route({
      method,
      url: "/api/conversations/:id/block",
      config: { access: ["buyer", "seller"] },
      schema: {
        tags,
        summary: blocked
          ? "Block the other person: no more messages either way, in any conversation"
          : "Unblock the other person",
        params: IdParamsSchema,
        response: { 204: z.undefined() },
      },
      handler: async (request, reply) => {
        await setBlock(db, request.user!, request.params.id, blocked);
        return reply.code(204).send();
      },
    });
  }

  r.post(
    "/api/conversations/:id/report",
    {
      config: { access: ["buyer", "seller"] },
      schema: {
        tags,
        summary: "Report a conversation to the admins, with a reason",
        params: IdParamsSchema,
        body: ConversationReportSchema,
        response: { 201: z.object({ reported: z.literal(true) }) },
      },
    },
    async (request, reply) => {
      await reportConversation(db, request.user!, request.params.id, request.body.reason);
      return reply.code(201).send({ reported: true as const });
    },
  );

  r.post(
    "/api/conversations/:id/offers",
    {
      config: { access: ["buyer"] },
      onRequest: perMessage,
      schema: {
        tags,
        summary:
          "Offer a price for the bike (negotiable bikes, at most the asking price, one pending at a time)",
        params: IdParamsSchema,
        body: OfferCreateSchema,
        response: { 201: OfferResponseSchema },
      },
    },
    async (request, reply) =>
      reply
        .code(201)
        .send({ offer: await offerPrice(db, request.user!, request.params.id, request.body.amount) }),
  );

  for (const [action, accept] of [
    ["accept", true],
    ["decline", false],
  ] as const) {
    r.post(
      `/api/offers/:id/${action}`,
      {
        config: { access: ["seller"] },
        onRequest: perMessage,
        schema: {
          tags,
          summary: accept
            ? "Accept an offer on your bike: its buyer may book at that price within 24 hours"
            : "Decline an offer on your bike",
          params: IdParamsSchema,
          response: { 200: OfferResponseSchema },
        },
      },
      async (request) => ({ offer: await answerOffer(db, request.user!, request.params.id, accept) }),
    );
  }

  // The admins' queue, beside reported listings.
  r.get(
    "/api/admin/conversation-reports",
    {
      config: { access: ["admin"], noStore: true },
      schema: {
        tags,
        summary: "Conversations with open reports: both people, every reason and the newest messages",
        querystring: PageQuerySchema,
        response: { 200: ReportedConversationsPageSchema },
      },
    },
    async (request) => listReportedConversations(db, request.query),
  );

  r.post(
    "/api/admin/conversation-reports/:id/dismiss",
    {
      config: { access: ["admin"] },
      schema: {
        tags,
        summary: "Dismiss every report on the conversation `id`",
        params: IdParamsSchema,
        response: { 204: z.undefined() },
      },
    },
    async (request, reply) => {
      await dismissConversationReports(db, request.params.id);
      return reply.code(204).send();
    },
  );
}
