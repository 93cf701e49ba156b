import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import type { Config } from "#server/config.ts";
import { Unauthorized } from "#server/errors.ts";
import { readSignedJsonCookie } from "#server/lib/signed-cookie.ts";
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
import {
  confirmEnrolment,
  disableMfa,
  mfaKeys,
  type PendingCodeStep,
  startCodeStep,
  startEnrolment,
  verifySecondFactor,
} from "./two-factor.ts";

const MFA_SIGNIN_PATH = "/api/auth/signin/mfa";
/** Who passed the first step (password or Google) and has yet to give a code. */
const PENDING_COOKIE = "mh_mfa";
/** Time to open the app and type a code; a copied cookie is soon worthless. */
const PENDING_TTL_MS = 5 * 60 * 1000;

/** `limiter` hooks are async functions: called directly, they take no `done`. */
type AsyncHook = (this: FastifyInstance, request: FastifyRequest, reply: FastifyReply) => Promise<void>;

const PendingSchema = z.object({
  userId: z.uuid(),
  expiresAt: z.number(),
  lastStep: z.number().int().nullable(),
});

const pendingCookie = (config: Config) =>
  ({ path: MFA_SIGNIN_PATH, httpOnly: true, sameSite: "lax", secure: config.secureCookies }) as const;

/**
 * The first step succeeded for an account with a second factor: no session yet. A signed cookie
 * (SESSION_SECRET) names the account for the code step, for five minutes, and is spent once a code
 * is accepted (it holds the last accepted step).
 */
export async function setPendingSecondFactor(
  reply: FastifyReply,
  config: Config,
  userId: string,
): Promise<void> {
  const step = await startCodeStep(reply.server.db, userId);
  const pending = { userId, expiresAt: Date.now() + PENDING_TTL_MS, ...step };
  reply.setCookie(PENDING_COOKIE, JSON.stringify(pending), {
    ...pendingCookie(config),
    signed: true,
    maxAge: PENDING_TTL_MS / 1000,
  });
}

/** A sign-in route's answer when the code comes next. */
export async function askForSecondFactor(reply: FastifyReply, config: Config, userId: string) {
  await setPendingSecondFactor(reply, config, userId);
  return reply.code(200).send({ mfaRequired: true as const });
}

/** The account waiting for its code; null when the cookie is missing, forged, altered or expired. */
function pendingOf(request: FastifyRequest): ({ userId: string } & PendingCodeStep) | null {
  return readSignedJsonCookie(request, PENDING_COOKIE, PendingSchema);
}

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
        if (err instanceof Unauthorized && !err.errors)
          reply.clearCookie(PENDING_COOKIE, pendingCookie(config));
        throw err;
      }
      reply.clearCookie(PENDING_COOKIE, pendingCookie(config));
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
