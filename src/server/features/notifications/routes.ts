import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { BadRequest } from "#server/errors.ts";
import {
  DeadLetterRetryResponseSchema,
  DeadLettersPageSchema,
  MarkReadSchema,
  NOTIFICATION_KINDS,
  NotificationsPageSchema,
  PreferencesResponseSchema,
  PreferencesUpdateSchema,
  UnreadCountSchema,
  UnsubscribeQuerySchema,
  UnsubscribeResponseSchema,
} from "#shared/schemas/notifications.ts";
import { IdParamsSchema, PageQuerySchema } from "#shared/schemas/paging.ts";
import { TALK_MSG } from "#shared/talk-messages.ts";
import { listDeadLetters, retryDeadLetter } from "./dead-letters.ts";
import {
  emailPreferences,
  listNotifications,
  markRead,
  setEmailPreferences,
  unreadCount,
  unsubscribe,
} from "./service.ts";
import { readUnsubscribeToken } from "./unsubscribe-token.ts";

/** The bell, the email switches, one-click unsubscribe, and the admins' undelivered emails. */
export async function notificationRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { db } = app;
  const tags = ["notifications"];
  const own = { access: "signedIn" as const, noStore: true };

  r.get(
    "/api/notifications",
    {
      config: own,
      schema: {
        tags,
        summary: "My notifications, newest first, with how many are unread",
        querystring: PageQuerySchema,
        response: { 200: NotificationsPageSchema },
      },
    },
    async (request) => listNotifications(db, request.user!, request.query),
  );

  r.get(
    "/api/notifications/unread-count",
    {
      config: own,
      schema: {
        tags,
        summary: "How many of my notifications are unread",
        response: { 200: UnreadCountSchema },
      },
    },
    async (request) => ({ unread: await unreadCount(db, request.user!.id) }),
  );

  r.post(
    "/api/notifications/read",
    {
      config: own,
      schema: {
        tags,
        summary: "Mark my notifications read: all, or those up to an id",
        body: MarkReadSchema,
        response: { 200: UnreadCountSchema },
      },
    },
    async (request) => ({ unread: await markRead(db, request.user!, request.body.upTo) }),
  );

  r.get(
    "/api/notifications/preferences",
    {
      config: own,
      schema: {
        tags,
        summary: "Which kinds of email I get",
        response: { 200: PreferencesResponseSchema },
      },
    },
    async (request) => ({ email: await emailPreferences(db, request.user!.id) }),
  );

  r.put(
    "/api/notifications/preferences",
    {
      config: own,
      schema: {
        tags,
        summary: "Switch kinds of email on or off",
        body: PreferencesUpdateSchema,
        response: { 200: PreferencesResponseSchema },
      },
    },
    async (request) => ({ email: await setEmailPreferences(db, request.user!, request.body) }),
  );

  await app.register(async (oneClick) => {
    // RFC 8058: a mail provider POSTs `List-Unsubscribe=One-Click` as a form to the address in the
    // List-Unsubscribe header. This route alone reads that body type (it ignores the body: the
    // signed token in the address says everything), and it needs no Origin: a mail provider has
    // none, and the HMAC token, which only our emails carry, is what a cross-site form cannot forge.
    oneClick.addContentTypeParser(
      "application/x-www-form-urlencoded",
      { parseAs: "string", bodyLimit: 1024 },
      (_request, _body, done) => done(null, {}),
    );
    oneClick.withTypeProvider<ZodTypeProvider>().post(
      "/api/notifications/unsubscribe",
      {
        config: { access: "public", crossOrigin: true },
        schema: {
          tags,
          summary: "One-click unsubscribe from one kind of email (the signed link of an email)",
          querystring: UnsubscribeQuerySchema,
          response: { 200: UnsubscribeResponseSchema },
        },
      },
      async (request) => {
        const named = readUnsubscribeToken(app.config.sessionSecret, request.query.token);
        if (!named) throw new BadRequest(TALK_MSG.notification.badUnsubscribeLink);
        await unsubscribe(db, named.userId, named.kind);
        return { kind: named.kind, label: NOTIFICATION_KINDS[named.kind] };
      },
    );
  });

  const admin = { access: ["admin"] as const };

  r.get(
    "/api/admin/outbox/dead",
    {
      config: { ...admin, noStore: true },
      schema: {
        tags: ["admin"],
        summary: "Emails the outbox gave up on, newest first",
        querystring: PageQuerySchema,
        response: { 200: DeadLettersPageSchema },
      },
    },
    async (request) => listDeadLetters(db, request.query),
  );

  r.post(
    "/api/admin/outbox/:id/retry",
    {
      config: admin,
      schema: {
        tags: ["admin"],
        summary: "Queue an undelivered email again",
        params: IdParamsSchema,
        response: { 200: DeadLetterRetryResponseSchema },
      },
    },
    async (request) => {
      await retryDeadLetter(db, request.params.id);
      return { retried: true as const };
    },
  );
}
