import * as oidc from "openid-client";
import { type GoogleConfig, isLoopbackHttp } from "#server/config.ts";
import type { GoogleSigninError } from "#shared/schemas/auth.ts";

/** Every request to the provider (discovery, token, keys, user info) gives up after this. */
const PROVIDER_TIMEOUT_SECONDS = 10;

/** The provider's metadata, as discovery answered it. */
export type Provider = oidc.Configuration;

/** The identity the provider vouches for, reduced to what the sign-in rules look at. */
export type GoogleProfile = {
  sub: string;
  email: string | null;
  emailVerified: boolean;
  name: string | null;
  picture: string | null;
};

/** A sign-in the rules refuse; the person is sent back to /signin with this code's message. */
export class GoogleSigninRefused extends Error {
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
export function providerFailure(err: unknown): GoogleSigninError {
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
export function providerConfiguration(google: GoogleConfig): () => Promise<Provider> {
  let pending: Promise<Provider> | undefined;
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

/** The secrets one sign-in's callback is checked against: state, nonce and the PKCE verifier. */
type FlowSecrets = { state: string; nonce: string; verifier: string };

/** Fresh secrets for one sign-in, and the provider's page to send the browser to with them. */
export async function startFlow(
  provider: Provider,
  redirectUri: string,
): Promise<{ secrets: FlowSecrets; url: URL }> {
  const verifier = oidc.randomPKCECodeVerifier();
  const secrets = { state: oidc.randomState(), nonce: oidc.randomNonce(), verifier };
  const url = oidc.buildAuthorizationUrl(provider, {
    redirect_uri: redirectUri,
    scope: "openid email profile",
    state: secrets.state,
    nonce: secrets.nonce,
    code_challenge: await oidc.calculatePKCECodeChallenge(verifier),
    code_challenge_method: "S256",
  });
  return { secrets, url };
}

/** The callback URL's code exchanged (and checked against the flow's secrets) for the person's profile. */
export async function finishFlow(
  provider: Provider,
  callbackUrl: URL,
  secrets: FlowSecrets,
): Promise<GoogleProfile> {
  const tokens = await oidc.authorizationCodeGrant(provider, callbackUrl, {
    pkceCodeVerifier: secrets.verifier,
    expectedState: secrets.state,
    expectedNonce: secrets.nonce,
  });
  return profileFrom(provider, tokens);
}

/** Identity claims: Google puts them in the ID token; other providers only at the user info endpoint. */
async function profileFrom(
  configuration: Provider,
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
