import { and, eq, isNull } from "drizzle-orm";
import type { FastifyBaseLogger, FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import * as oidc from "openid-client";
import { z } from "zod";
import { type GoogleConfig, isLoopbackHttp } from "#server/config.ts";
import type { Db } from "#server/db/client.ts";
import { sessions, users } from "#server/db/schema.ts";
import { NotFound } from "#server/errors.ts";
import { type ImageStore, saveImage } from "#server/images/store.ts";
import { isUniqueViolation } from "#server/lib/pg-errors.ts";
import { readSignedJsonCookie } from "#server/lib/signed-cookie.ts";
import { createSession, sessionClient, setSessionCookie } from "#server/plugins/auth.ts";
import { clientOf, limiter } from "#server/plugins/rate-limit.ts";
import { MSG } from "#shared/messages.ts";
import { safeRedirectPath } from "#shared/safe-redirect.ts";
import { AuthProvidersResponseSchema, type GoogleSigninError } from "#shared/schemas/auth.ts";
import { MAX_IMAGE_BYTES } from "#shared/schemas/images.ts";
import { findUserByEmail } from "./service.ts";
import { hasMfa } from "./two-factor.ts";
import { setPendingSecondFactor } from "./two-factor-routes.ts";

const START_PATH = "/api/auth/google";
const CALLBACK_PATH = "/api/auth/google/callback";
const FLOW_COOKIE = "mh_google";
/** Long enough to choose an account and type a password at Google; short enough that a copied cookie soon dies. */
const FLOW_TTL_MS = 10 * 60 * 1000;
/** Every request to the provider (discovery, token, keys, user info) gives up after this. */
const PROVIDER_TIMEOUT_SECONDS = 10;
const PICTURE_TIMEOUT_MS = 5_000;
const NAME_MAX = 80;
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

/** The identity the provider vouches for, reduced to what the sign-in rules look at. */
export type GoogleProfile = {
  sub: string;
  email: string | null;
  emailVerified: boolean;
  name: string | null;
  picture: string | null;
};

/** A sign-in the rules refuse; the person is sent back to /signin with this code's message. */
class GoogleSigninRefused extends Error {
  constructor(readonly code: GoogleSigninError) {
    super(code);
  }
}

/** oidc-client codes for a provider that did not answer, or answered with something other than OAuth. */
const UNREACHABLE_CODES = new Set([
  "OAUTH_TIMEOUT",
  "OAUTH_ABORT",
  "OAUTH_RESPONSE_IS_NOT_CONFORM",
  "OAUTH_RESPONSE_IS_NOT_JSON",
]);

/** Why talking to the provider failed, in the person's terms. */
function providerFailure(err: unknown): GoogleSigninError {
  if (err instanceof GoogleSigninRefused) return err.code;
  if (err instanceof oidc.AuthorizationResponseError) {
    return err.error === "access_denied" ? "google_cancelled" : "google_failed";
  }
  if (err instanceof oidc.ResponseBodyError)
    return err.status >= 500 ? "google_unavailable" : "google_failed";
  // State, nonce, PKCE, signature, issuer and audience checks all fail as ClientError.
  if (err instanceof oidc.ClientError) {
    return UNREACHABLE_CODES.has(err.code ?? "") ? "google_unavailable" : "google_failed";
  }
  // What is left is the network: refused connections, DNS failures, resets ("fetch failed").
  return "google_unavailable";
}

/**
 * The provider's metadata, discovered on first use and kept for the life of the process. A failed
 * discovery is not kept, so the next attempt asks again once the provider is back.
 */
function providerConfiguration(google: GoogleConfig): () => Promise<oidc.Configuration> {
  let pending: Promise<oidc.Configuration> | undefined;
  return () => {
    pending ??= oidc
      .discovery(google.issuer, google.clientId, google.clientSecret, undefined, {
        timeout: PROVIDER_TIMEOUT_SECONDS,
        // Config allows plain http only for a provider on this machine (a test provider).
        ...(isLoopbackHttp(google.issuer) ? { execute: [oidc.allowInsecureRequests] } : {}),
      })
      .catch((err: unknown) => {
        pending = undefined;
        throw err;
      });
    return pending;
  };
}

/** Identity claims: Google puts them in the ID token; other providers only at the user info endpoint. */
async function profileFrom(
  configuration: oidc.Configuration,
  tokens: Awaited<ReturnType<typeof oidc.authorizationCodeGrant>>,
): Promise<GoogleProfile> {
  const idToken = tokens.claims();
  if (!idToken) throw new GoogleSigninRefused("google_failed");
  const claims: Record<string, unknown> =
    idToken.email === undefined
      ? { ...idToken, ...(await oidc.fetchUserInfo(configuration, tokens.access_token, idToken.sub)) }
      : idToken;
  const text = (v: unknown) => (typeof v === "string" && v.trim() !== "" ? v.trim() : null);
  return {
    sub: idToken.sub,
    email: text(claims.email)?.toLowerCase() ?? null,
    // Some providers send the string "true"; anything else is not a verified address.
    emailVerified: claims.email_verified === true || claims.email_verified === "true",
    name: text(claims.name),
    picture: text(claims.picture),
  };
}

/** The provider's picture, size-capped and time-limited; it goes through the same pipeline as uploads. */
async function fetchPicture(url: string, allowHttp: boolean): Promise<Buffer> {
  const target = new URL(url);
  if (target.protocol !== "https:" && !(allowHttp && target.protocol === "http:")) {
    throw new Error(`picture URL is not https: ${target.protocol}`);
  }
  const res = await fetch(target, { signal: AbortSignal.timeout(PICTURE_TIMEOUT_MS) });
  if (!res.ok || !res.body) throw new Error(`picture answered HTTP ${res.status}`);
  if (Number(res.headers.get("content-length") ?? 0) > MAX_IMAGE_BYTES) throw new Error("picture too large");
  const chunks: Uint8Array[] = [];
  let size = 0;
  for await (const chunk of res.body) {
    size += chunk.byteLength;
    // Leaving the loop cancels the download: a lying or missing Content-Length cannot fill memory.
    if (size > MAX_IMAGE_BYTES) throw new Error("picture too large");
    chunks.push(chunk);
  }
  return Buffer.concat(chunks);
}

type PictureLoader = (url: string) => Promise<string | null>;

/**
 * The account this Google identity signs in to: the one already linked to it; else the account
 * with the same (verified) address, which gets linked and keeps its role (losing its password and
 * sessions, see below); else a new buyer.
 */
export async function googleAccount(
  db: Db,
  profile: GoogleProfile,
  loadPicture: PictureLoader,
  retried = false,
): Promise<string> {
  const [linked] = await db
    .select({ id: users.id })
    .from(users)
    .where(eq(users.googleSub, profile.sub))
    .limit(1);
  if (linked) return linked.id;
  if (!profile.email || !profile.emailVerified) throw new GoogleSigninRefused("google_unverified");

  const existing = await findUserByEmail(db, profile.email);
  if (existing) {
    if (existing.googleSub) throw new GoogleSigninRefused("google_linked_elsewhere");
    // Sign-up never proves an address, so whoever made this account may not own it: someone could
    // register a victim's address and wait for them to arrive through Google. The provider has now
    // proven it, so the account's password and sessions, which may be the squatter's, go; the owner
    // signs in through Google or sets a password by email.
    const updated = await db.transaction(async (tx) => {
      const [row] = await tx
        .update(users)
        .set({ googleSub: profile.sub, passwordHash: null })
        .where(and(eq(users.id, existing.id), isNull(users.googleSub)))
        .returning({ id: users.id });
      if (row) await tx.delete(sessions).where(eq(sessions.userId, row.id));
      return row;
    });
    if (updated) return updated.id;
    // Linked by a sign-in that finished a moment earlier: look again.
    if (!retried) return googleAccount(db, profile, loadPicture, true);
    throw new GoogleSigninRefused("google_linked_elsewhere");
  }

  const photoKey = profile.picture ? await loadPicture(profile.picture) : null;
  try {
    const [row] = await db
      .insert(users)
      .values({
        name: profile.name?.slice(0, NAME_MAX) ?? profile.email.split("@")[0]!.slice(0, NAME_MAX),
        email: profile.email,
        role: "buyer",
        passwordHash: null,
        photoKey,
        googleSub: profile.sub,
      })
      .returning({ id: users.id });
    return row!.id;
  } catch (err) {
    // A second callback for the same person (a double click) created the account first.
    if (isUniqueViolation(err) && !retried) return googleAccount(db, profile, loadPicture, true);
    throw err;
  }
}

function pictureLoader(db: Db, store: ImageStore, allowHttp: boolean, log: FastifyBaseLogger): PictureLoader {
  return async (url) => {
    try {
      return (await saveImage(db, store, await fetchPicture(url, allowHttp))).key;
    } catch (err) {
      // A photo is a nicety: without one the account simply has none, as the product allows.
      log.info({ err }, "google sign-in: the profile picture could not be used");
      return null;
    }
  };
}

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
      let provider: oidc.Configuration;
      try {
        provider = await configuration();
      } catch (err) {
        request.log.warn({ err }, "google sign-in: provider discovery failed");
        return backToSignin(reply, "google_unavailable", returnTo);
      }
      const verifier = oidc.randomPKCECodeVerifier();
      const flow: Flow = {
        state: oidc.randomState(),
        nonce: oidc.randomNonce(),
        verifier,
        returnTo,
        expiresAt: Date.now() + FLOW_TTL_MS,
      };
      const url = oidc.buildAuthorizationUrl(provider, {
        redirect_uri: redirectUri,
        scope: "openid email profile",
        state: flow.state,
        nonce: flow.nonce,
        code_challenge: await oidc.calculatePKCECodeChallenge(verifier),
        code_challenge_method: "S256",
      });
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
        const tokens = await oidc.authorizationCodeGrant(
          provider,
          new URL(request.url, config.publicUrl.origin),
          { pkceCodeVerifier: flow.verifier, expectedState: flow.state, expectedNonce: flow.nonce },
        );
        profile = await profileFrom(provider, tokens);
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
