import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { clientOf, limiter } from "#server/plugins/rate-limit.ts";
import { deleteAccount } from "#server/workflows/account-deletion.ts";
import { LOCALE_COOKIE, LOCALE_COOKIE_MAX_AGE_SECONDS } from "#shared/i18n/locales.ts";
import { MSG } from "#shared/messages.ts";
import {
  ChangePasswordResponseSchema,
  ChangePasswordSchema,
  DeleteAccountSchema,
  DevicesResponseSchema,
  EndedSessionsResponseSchema,
  LanguageSchema,
} from "#shared/schemas/account.ts";
import { changePassword, endSession, listDevices, saveLanguage } from "./account.ts";
import { UncommonPasswordSchema } from "./common-passwords.ts";
import { clearSessionCookie, endSessions } from "./sessions.ts";

const ChangePasswordBodySchema = ChangePasswordSchema.extend({ newPassword: UncommonPasswordSchema });

/** The signed-in person's own password and sessions (devices). */
export async function accountRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { db, config } = app;

  // A stolen session must not become a way to guess the current password: the sign-in budget, per account.
  const passwordLimit = limiter(app, (req) => `password-change:user:${req.user?.id ?? clientOf(req)}`);
  const deleteLimit = limiter(app, (req) => `account-delete:user:${req.user?.id ?? clientOf(req)}`);

  r.post(
    "/api/auth/password",
    {
      config: { access: "signedIn" },
      onRequest: passwordLimit,
      schema: {
        tags: ["auth"],
        summary: "Change the password (the current one is asked); every other session ends",
        body: ChangePasswordBodySchema,
        response: { 200: ChangePasswordResponseSchema },
      },
    },
    async (request) => {
      await changePassword(db, request.user!.id, request.sessionId!, request.body);
      return { message: MSG.account.passwordChanged };
    },
  );

  r.get(
    "/api/auth/sessions",
    {
      config: { access: "signedIn" },
      schema: {
        tags: ["auth"],
        summary: "The signed-in person's sessions: browser, system, masked address, when",
        response: { 200: DevicesResponseSchema },
      },
    },
    async (request, reply) => {
      reply.header("cache-control", "no-store");
      return {
        devices: await listDevices(db, config.sessionSecret, request.user!.id, request.sessionId!),
      };
    },
  );

  r.delete(
    "/api/auth/sessions/:id",
    {
      config: { access: "signedIn" },
      schema: {
        tags: ["auth"],
        summary: "End one of one's own sessions (this one too: that signs out)",
        params: z.object({ id: z.string().min(1).max(100) }),
        response: { 204: z.undefined() },
      },
    },
    async (request, reply) => {
      const ended = await endSession(db, config.sessionSecret, request.user!.id, request.params.id);
      if (ended === request.sessionId) clearSessionCookie(reply, config.secureCookies);
      return reply.code(204).send();
    },
  );

  r.delete(
    "/api/auth/sessions",
    {
      config: { access: "signedIn" },
      schema: {
        tags: ["auth"],
        summary: "End every session but this one",
        response: { 200: EndedSessionsResponseSchema },
      },
    },
    async (request) => ({ ended: await endSessions(db, request.user!.id, request.sessionId!) }),
  );

  r.put(
    "/api/language",
    {
      config: { access: "public" },
      schema: {
        tags: ["auth"],
        summary:
          "Choose the language the site speaks (en, bn): remembered on this device (a cookie) and, signed in, with the account",
        body: LanguageSchema,
        response: { 200: LanguageSchema },
      },
    },
    async (request, reply) => {
      const { language } = request.body;
      if (request.user) await saveLanguage(db, request.user.id, language);
      reply.setCookie(LOCALE_COOKIE, language, {
        path: "/",
        sameSite: "lax",
        secure: config.secureCookies,
        maxAge: LOCALE_COOKIE_MAX_AGE_SECONDS,
      });
      return { language };
    },
  );

  r.delete(
    "/api/me",
    {
      config: { access: "signedIn" },
      onRequest: deleteLimit,
      schema: {
        tags: ["auth"],
        summary:
          "Delete one's own account (the password, or DELETE for a Google-only account): bikes leave the market, unpaid bookings end, paid orders stay for the other person; signs out everywhere",
        body: DeleteAccountSchema,
        response: { 204: z.undefined() },
      },
    },
    async (request, reply) => {
      await deleteAccount(db, request.user!, request.body);
      clearSessionCookie(reply, config.secureCookies);
      return reply.code(204).send();
    },
  );
}
