/**
 * Between sign-in's first step (password or Google) and its code step: the signed cookie that names
 * the account waiting for its code. Both first steps set it; the code step reads and clears it.
 */
import type { FastifyReply, FastifyRequest } from "fastify";
import { z } from "zod";
import type { Config } from "#server/config.ts";
import { readSignedJsonCookie } from "#server/lib/signed-cookie.ts";
import { type PendingCodeStep, startCodeStep } from "./two-factor.ts";

export const MFA_SIGNIN_PATH = "/api/auth/signin/mfa";
/** Who passed the first step (password or Google) and has yet to give a code. */
const PENDING_COOKIE = "mh_mfa";
/** Time to open the app and type a code; a copied cookie is soon worthless. */
const PENDING_TTL_MS = 5 * 60 * 1000;

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
export function pendingOf(request: FastifyRequest): ({ userId: string } & PendingCodeStep) | null {
  return readSignedJsonCookie(request, PENDING_COOKIE, PendingSchema);
}

/** The browser drops the pending cookie: the code step is over. */
export function clearPendingSecondFactor(reply: FastifyReply, config: Config): void {
  reply.clearCookie(PENDING_COOKIE, pendingCookie(config));
}
