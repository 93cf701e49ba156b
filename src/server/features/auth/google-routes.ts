import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { isLoopbackHttp } from "#server/config.ts";
import { NotFound } from "#server/errors.ts";
import { readSignedJsonCookie } from "#server/lib/signed-cookie.ts";
import { clientOf, limiter } from "#server/plugins/rate-limit.ts";
import { MSG } from "#shared/messages.ts";
import { safeRedirectPath } from "#shared/safe-redirect.ts";
import { AuthProvidersResponseSchema, type GoogleSigninError } from "#shared/schemas/auth.ts";
import {
  finishFlow,
  type GoogleProfile,
  GoogleSigninRefused,
  type Provider,
  providerConfiguration,
  providerFailure,
  startFlow,
} from "./google-oidc.ts";
import { googleAccount, pictureLoader } from "./google-service.ts";
import { createSession, sessionClient, setSessionCookie } from "./sessions.ts";
import { hasMfa } from "./two-factor.ts";
import { setPendingSecondFactor } from "./two-factor-pending.ts";

const START_PATH = "/api/auth/google";
const CALLBACK_PATH = "/api/auth/google/callback";
const FLOW_COOKIE = "mh_google";
/** Long enough to choose an account and type a password at Google; short enough that a copied cookie soon dies. */
const FLOW_TTL_MS = 10 * 60 * 1000;
/** A longer `from` is no page of ours; it would only bloat the cookie. */
const FROM_MAX = 1000;

/** What the callback needs from the start of the flow, in a signed HttpOnly cookie rather than the database. */
const FlowSchema = z.object({
  state: z.string(),
  nonce: z.string(),
  verifier: z.string(),
  returnTo: z.string(),
  expiresAt: z.number(),
});
type Flow = z.infer<typeof FlowSchema>;

function readFlow(request: FastifyRequest): Flow | null {
  return readSignedJsonCookie(request, FLOW_COOKIE, FlowSchema);
}

function backToSignin(reply: FastifyReply, code: GoogleSigninError, returnTo: string) {
  const query = new URLSearchParams({ error: code });
  if (returnTo !== "/") query.set("from", returnTo);
  return reply.redirect(`/signin?${query}`, 302);
}

/** Sign-in with Google (or any OpenID Connect provider): authorization code flow with PKCE, state and nonce. */
export async function googleSigninRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { db, config } = app;
  const google = config.google;
  const configuration = google ? providerConfiguration(google) : null;
  const allowHttpPictures = google ? isLoopbackHttp(google.issuer) : false;
  const redirectUri = new URL(CALLBACK_PATH, config.publicUrl).href;
  const perIp = limiter(app, (req) => `google:ip:${clientOf(req)}`);
  const flowCookie = {
    path: START_PATH,
    httpOnly: true,
    // Lax: the provider sends the browser back with a top-level GET, which carries Lax cookies.
    sameSite: "lax",
    secure: config.secureCookies,
  } as const;

  r.get(
    "/api/auth/providers",
    {
      config: { access: "public" },
      schema: {
        tags: ["auth"],
        summary: "Which sign-in providers this server is set up for",
        response: { 200: AuthProvidersResponseSchema },
      },
    },
    async () => ({ google: google !== null }),
  );

  r.get(
    START_PATH,
    {
      config: { access: "public" },
      onRequest: perIp,
      schema: {
        tags: ["auth"],
        summary: "Start signing in with Google: redirects to Google, which returns to the callback",
        querystring: z.object({ from: z.string().optional() }),
      },
    },
    async (request, reply) => {
      if (!configuration) throw new NotFound(MSG.google.notConfigured);
      const from = request.query.from;
      const returnTo = safeRedirectPath(from && from.length <= FROM_MAX ? from : null);
      let provider: Provider;
      try {
        provider = await configuration();
      } catch (err) {
        request.log.warn({ err }, "google sign-in: provider discovery failed");
        return backToSignin(reply, "google_unavailable", returnTo);
      }
      const { secrets, url } = await startFlow(provider, redirectUri);
      const flow: Flow = { ...secrets, returnTo, expiresAt: Date.now() + FLOW_TTL_MS };
      reply.setCookie(FLOW_COOKIE, JSON.stringify(flow), {
        ...flowCookie,
        signed: true,
        maxAge: FLOW_TTL_MS / 1000,
      });
      return reply.redirect(url.href, 302);
    },
  );

  r.get(
    CALLBACK_PATH,
    {
      config: { access: "public" },
      onRequest: perIp,
      schema: {
        tags: ["auth"],
        summary: "Where Google sends the browser back: signs in and redirects to the page the user came from",
      },
    },
    async (request, reply) => {
      if (!configuration) throw new NotFound(MSG.google.notConfigured);
      const flow = readFlow(request);
      // One use only: a replayed callback URL finds no flow.
      reply.clearCookie(FLOW_COOKIE, flowCookie);
      if (!flow) {
        request.log.info(
          "google sign-in: callback without a valid flow cookie (expired, replayed or forged)",
        );
        return backToSignin(reply, "google_failed", "/");
      }

      let profile: GoogleProfile;
      try {
        const provider = await configuration();
        profile = await finishFlow(provider, new URL(request.url, config.publicUrl.origin), flow);
      } catch (err) {
        const code = providerFailure(err);
        // Cancelling is a person's choice, not a fault worth a warning.
        const level = code === "google_cancelled" ? "info" : "warn";
        request.log[level]({ err, code }, "google sign-in: the provider's answer was not accepted");
        return backToSignin(reply, code, flow.returnTo);
      }

      let userId: string;
      try {
        userId = await googleAccount(
          db,
          profile,
          pictureLoader(db, app.images, allowHttpPictures, request.log),
        );
      } catch (err) {
        if (err instanceof GoogleSigninRefused) {
          request.log.info({ code: err.code }, "google sign-in refused");
          return backToSignin(reply, err.code, flow.returnTo);
        }
        // The browser is mid-navigation: a page with a message beats a raw error body.
        request.log.error({ err }, "google sign-in: could not find or create the account");
        return backToSignin(reply, "google_error", flow.returnTo);
      }
      if (await hasMfa(db, userId)) {
        // Google vouches for the address, not for the authenticator: the sign-in page asks for the code.
        await setPendingSecondFactor(reply, config, userId);
        const query = new URLSearchParams({ mfa: "1" });
        if (flow.returnTo !== "/") query.set("from", flow.returnTo);
        return reply.redirect(`/signin?${query}`, 302);
      }
      setSessionCookie(
        reply,
        await createSession(db, config.sessionSecret, userId, sessionClient(request)),
        config.secureCookies,
      );
      return reply.redirect(flow.returnTo, 302);
    },
  );
}
