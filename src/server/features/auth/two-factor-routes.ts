import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { Unauthorized } from "#server/errors.ts";
import { clientOf, limiter } from "#server/plugins/rate-limit.ts";
import { MSG } from "#shared/messages.ts";
import { MeResponseSchema } from "#shared/schemas/auth.ts";
import {
  MfaConfirmSchema,
  MfaDisableSchema,
  MfaEnabledResponseSchema,
  MfaSetupResponseSchema,
  MfaSigninSchema,
} from "#shared/schemas/two-factor.ts";
import { toUserDto } from "./presenter.ts";
import { loadAuthUser } from "./service.ts";
import { createSession, sessionClient, setSessionCookie } from "./sessions.ts";
import { issueDeviceCookie } from "./signin-throttle.ts";
import { confirmEnrolment, disableMfa, mfaKeys, startEnrolment, verifySecondFactor } from "./two-factor.ts";
import { clearPendingSecondFactor, MFA_SIGNIN_PATH, pendingOf } from "./two-factor-pending.ts";

/** `limiter` hooks are async functions: called directly, they take no `done`. */
type AsyncHook = (this: FastifyInstance, request: FastifyRequest, reply: FastifyReply) => Promise<void>;

/** Sign-in's code step, and turning the second factor on and off from the profile page. */
export async function twoFactorRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { db, config } = app;
  const keys = mfaKeys(config.sessionSecret);
  // A code has a million values: guesses are counted per address and per account waiting for a code.
  const perIp = limiter(app, (req) => `signin-mfa:ip:${clientOf(req)}`);
  const pendingAccount = limiter(app, (req) => `signin-mfa:user:${pendingOf(req)?.userId}`);
  // Without a valid cookie the handler refuses anyway: no shared bucket a stranger could keep full.
  const perPendingAccount = async (request: FastifyRequest, reply: FastifyReply) => {
    if (pendingOf(request)) await (pendingAccount as AsyncHook).call(app, request, reply);
  };
  // Turning it off checks a password or a code: counted per account like sign-in.
  const perAccount = limiter(app, (req) => `mfa:user:${req.user?.id ?? "-"}`);

  r.post(
    MFA_SIGNIN_PATH,
    {
      config: { access: "public" },
      onRequest: [perIp, perPendingAccount],
      onSend: issueDeviceCookie(app),
      schema: {
        tags: ["auth"],
        summary: "Sign-in's second step: a code from the authenticator app, or a recovery code (used up)",
        body: MfaSigninSchema,
        response: { 200: MeResponseSchema },
      },
    },
    async (request, reply) => {
      const pending = pendingOf(request);
      if (!pending) throw new Unauthorized(MSG.mfa.pendingExpired);
      const { userId } = pending;
      try {
        await verifySecondFactor(db, keys, userId, request.body.code, pending);
      } catch (err) {
        // A spent or locked pending cookie is worth nothing more: the browser drops it.
        if (err instanceof Unauthorized && !err.errors) clearPendingSecondFactor(reply, config);
        throw err;
      }
      clearPendingSecondFactor(reply, config);
      setSessionCookie(
        reply,
        await createSession(db, config.sessionSecret, userId, sessionClient(request), { mfaVerified: true }),
        config.secureCookies,
      );
      return { user: toUserDto(await loadAuthUser(db, userId), config.requireAdminMfa) };
    },
  );

  r.post(
    "/api/auth/mfa/setup",
    {
      config: { access: "signedIn" },
      schema: {
        tags: ["auth"],
        summary: "Start turning on two-step sign-in: a new secret, as a QR code and as text",
        response: { 200: MfaSetupResponseSchema },
      },
    },
    async (request, reply) => {
      reply.header("cache-control", "no-store");
      return startEnrolment(db, keys, request.user!.id);
    },
  );

  r.post(
    "/api/auth/mfa/confirm",
    {
      config: { access: "signedIn" },
      onRequest: perAccount,
      schema: {
        tags: ["auth"],
        summary:
          "Finish turning on two-step sign-in with the password and a code from the app; ends the other sessions and answers the recovery codes, once",
        body: MfaConfirmSchema,
        response: { 200: MfaEnabledResponseSchema },
      },
    },
    async (request, reply) => {
      const userId = request.user!.id;
      const recoveryCodes = await confirmEnrolment(db, keys, userId, request.sessionId!, request.body);
      reply.header("cache-control", "no-store");
      return { user: toUserDto(await loadAuthUser(db, userId), config.requireAdminMfa), recoveryCodes };
    },
  );

  r.post(
    "/api/auth/mfa/disable",
    {
      config: { access: "signedIn" },
      onRequest: perAccount,
      schema: {
        tags: ["auth"],
        summary:
          "Turn two-step sign-in off, with the password or a current code (not for admins who must have it)",
        body: MfaDisableSchema,
        response: { 200: MeResponseSchema },
      },
    },
    async (request) => {
      const userId = request.user!.id;
      await disableMfa(db, keys, userId, request.sessionId!, request.body, config.requireAdminMfa);
      return { user: toUserDto(await loadAuthUser(db, userId), config.requireAdminMfa) };
    },
  );
}
