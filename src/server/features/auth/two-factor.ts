import { randomInt } from "node:crypto";
import { verify as verifyPassword } from "@node-rs/argon2";
import { and, eq, isNotNull, isNull, lt, or, sql } from "drizzle-orm";
import { generateSecret, generateURI, verify as verifyTotp } from "otplib";
import QRCode from "qrcode";
import type { Db } from "#server/db/client.ts";
import { mfaRecoveryCodes, sessions, users } from "#server/db/schema.ts";
import { BadRequest, Conflict, Forbidden, HttpProblem, Unauthorized } from "#server/errors.ts";
import { liveAccount } from "#server/features/people/accounts.ts";
import { deriveKey, keyedHash, type SecretBox, secretBox } from "#server/lib/secret-box.ts";
import { MSG } from "#shared/messages.ts";
import {
  isTotpCode,
  type MfaConfirmReq,
  type MfaDisableReq,
  type MfaSetupResponse,
} from "#shared/schemas/two-factor.ts";
import { endSessions } from "./sessions.ts";

const ISSUER = "MotoHaat";
/** ±1 step of 30 s: a code typed as it changes, or on a phone a little off, still counts (RFC 6238 §5.2). */
const EPOCH_TOLERANCE_SECONDS = 30;
const RECOVERY_CODE_COUNT = 10;
/** No 0/o, 1/l/i: the codes are read off paper. 31 symbols × 8 ≈ 40 bits each. */
const RECOVERY_ALPHABET = "23456789abcdefghjkmnpqrstuvwxyz";
/** Wrong codes in a row before the code step needs the password again (decision 009). */
const MAX_FAILED_CODES = 10;
const STEP_SECONDS = 30;

/**
 * The stored secret does not open with the keys of this SESSION_SECRET (it was changed): nobody can
 * check a code any more, only an operator can clear the factor. A 500, so it is logged as an error.
 */
class MfaSecretUnreadable extends HttpProblem {
  constructor() {
    super(500, "Internal Server Error", MSG.mfa.secretUnreadable);
  }
}

function openSecret(keys: MfaKeys, sealed: string, userId: string): string {
  try {
    return keys.box.open(sealed, userId);
  } catch (err) {
    throw Object.assign(new MfaSecretUnreadable(), { cause: err });
  }
}

/** The keys of the second factor, all derived from SESSION_SECRET. */
type MfaKeys = { box: SecretBox; recoveryKey: Buffer };

export function mfaKeys(sessionSecret: string): MfaKeys {
  return {
    box: secretBox(sessionSecret, "totp-secret"),
    recoveryKey: deriveKey(sessionSecret, "mfa-recovery-code"),
  };
}

/** Ten fresh codes like `k7dm-q3xa`, from the system's cryptographic randomness. */
function newRecoveryCodes(): string[] {
  const part = () =>
    Array.from({ length: 4 }, () => RECOVERY_ALPHABET[randomInt(RECOVERY_ALPHABET.length)]).join("");
  return Array.from({ length: RECOVERY_CODE_COUNT }, () => `${part()}-${part()}`);
}

/** As typed: any case, with or without the dash or spaces. */
function normalizeRecoveryCode(code: string): string {
  const plain = code.toLowerCase().replace(/[^a-z0-9]/g, "");
  return plain.length === 8 ? `${plain.slice(0, 4)}-${plain.slice(4)}` : plain;
}

async function totpRow(db: Db, userId: string) {
  const [row] = await db
    .select({
      email: users.email,
      role: users.role,
      passwordHash: users.passwordHash,
      totpSecret: users.totpSecret,
      totpEnabledAt: users.totpEnabledAt,
      totpPendingSecret: users.totpPendingSecret,
      totpLastStep: users.totpLastStep,
    })
    .from(users)
    .where(eq(users.id, userId))
    .limit(1);
  if (!row) throw new Unauthorized(MSG.auth.notSignedIn);
  return row;
}

/** Whether signing in to this account needs a code after the password (or after Google). */
export async function hasMfa(db: Db, userId: string): Promise<boolean> {
  const [row] = await db.select({ on: users.totpEnabledAt }).from(users).where(eq(users.id, userId)).limit(1);
  return Boolean(row?.on);
}

/** The time step `code` belongs to under `secret`, within ±1 step of now; null when it matches none. */
async function matchingStep(secret: string, code: string): Promise<number | null> {
  if (!isTotpCode(code)) return null;
  const result = await verifyTotp({ secret, token: code, epochTolerance: EPOCH_TOLERANCE_SECONDS });
  return result.valid && "timeStep" in result ? result.timeStep : null;
}

/**
 * Accepts a current code of an enabled second factor once: the step is recorded in the same
 * statement that checks it is newer than the last one, so a replay (even a concurrent one) fails.
 */
async function acceptCode(
  db: Db,
  keys: MfaKeys,
  userId: string,
  code: string,
  pending?: PendingCodeStep,
): Promise<boolean> {
  const row = await totpRow(db, userId);
  if (!row.totpSecret || !row.totpEnabledAt) return false;
  const step = await matchingStep(openSecret(keys, row.totpSecret, userId), code);
  if (step === null) return false;
  const updated = await db
    .update(users)
    .set({ totpLastStep: step, totpFailedAttempts: 0 })
    .where(
      and(
        eq(users.id, userId),
        isNotNull(users.totpEnabledAt),
        or(isNull(users.totpLastStep), lt(users.totpLastStep, step)),
        pending ? unusedSince(pending) : undefined,
      ),
    )
    .returning({ id: users.id });
  return updated.length === 1;
}

/**
 * What the code step knows of its password step: the last accepted code's step then. Any code (or
 * recovery code) accepted since moves it on, so a pending cookie signs in at most once.
 */
export type PendingCodeStep = { lastStep: number | null };

const unusedSince = (pending: PendingCodeStep) =>
  pending.lastStep === null ? isNull(users.totpLastStep) : eq(users.totpLastStep, pending.lastStep);

/**
 * The password (or Google, or a reset link) was right: a fresh budget of codes, and the state the
 * pending cookie is bound to.
 */
export async function startCodeStep(db: Db, userId: string): Promise<PendingCodeStep> {
  const [row] = await db
    .update(users)
    .set({ totpFailedAttempts: 0 })
    .where(eq(users.id, userId))
    .returning({ lastStep: users.totpLastStep });
  return { lastStep: row?.lastStep ?? null };
}

/**
 * Uses up one recovery code; false when it is unknown or already used. It moves the last step on
 * (to now, or one past the last code's), as a code would: the pending cookie that used it is spent.
 */
async function spendRecoveryCode(
  db: Db,
  keys: MfaKeys,
  userId: string,
  code: string,
  pending: PendingCodeStep,
): Promise<boolean> {
  const nowStep = Math.floor(Date.now() / 1000 / STEP_SECONDS);
  return db.transaction(async (tx) => {
    const used = await tx
      .update(mfaRecoveryCodes)
      .set({ usedAt: new Date() })
      .where(
        and(
          eq(mfaRecoveryCodes.userId, userId),
          eq(mfaRecoveryCodes.codeHash, keyedHash(keys.recoveryKey, normalizeRecoveryCode(code))),
          isNull(mfaRecoveryCodes.usedAt),
        ),
      )
      .returning({ id: mfaRecoveryCodes.id });
    if (used.length !== 1) return false;
    const [bound] = await tx
      .update(users)
      .set({
        // Always a change, even within the step of the last code: that is what spends the cookie.
        totpLastStep: sql`greatest(coalesce(${users.totpLastStep}, 0) + 1, ${nowStep})`,
        totpFailedAttempts: 0,
      })
      .where(and(eq(users.id, userId), unusedSince(pending)))
      .returning({ id: users.id });
    // Another request with this pending cookie signed in meanwhile: the code stays unused.
    if (!bound) throw new Unauthorized(MSG.mfa.pendingExpired);
    return true;
  });
}

/**
 * Counts the try before checking it, in one statement that also checks the pending cookie is
 * unused and the budget not spent: concurrent guesses cannot share one count.
 */
async function countTry(db: Db, userId: string, pending: PendingCodeStep): Promise<void> {
  const [counted] = await db
    .update(users)
    .set({ totpFailedAttempts: sql`${users.totpFailedAttempts} + 1` })
    .where(
      and(
        eq(users.id, userId),
        isNotNull(users.totpEnabledAt),
        lt(users.totpFailedAttempts, MAX_FAILED_CODES),
        unusedSince(pending),
      ),
    )
    .returning({ id: users.id });
  if (counted) return;
  const [row] = await db
    .select({ failed: users.totpFailedAttempts })
    .from(users)
    .where(eq(users.id, userId))
    .limit(1);
  throw new Unauthorized(
    row && row.failed >= MAX_FAILED_CODES ? MSG.mfa.tooManyCodes : MSG.mfa.pendingExpired,
  );
}

/**
 * Sign-in's second step: a current code, or a recovery code (used up). Throws 401 otherwise; after
 * MAX_FAILED_CODES wrong ones in a row, or once the pending cookie has signed in, the password
 * step comes first again.
 */
export async function verifySecondFactor(
  db: Db,
  keys: MfaKeys,
  userId: string,
  code: string,
  pending: PendingCodeStep,
): Promise<void> {
  await countTry(db, userId, pending);
  if (isTotpCode(code)) {
    if (await acceptCode(db, keys, userId, code, pending)) return;
    throw new Unauthorized(MSG.mfa.wrongCode, { code: MSG.mfa.wrongCode });
  }
  if (await spendRecoveryCode(db, keys, userId, code, pending)) return;
  throw new Unauthorized(MSG.mfa.wrongRecoveryCode, { code: MSG.mfa.wrongRecoveryCode });
}

/** A new secret to scan, kept (encrypted) as pending until a code from it confirms the app works. */
export async function startEnrolment(db: Db, keys: MfaKeys, userId: string): Promise<MfaSetupResponse> {
  const row = await totpRow(db, userId);
  if (row.totpEnabledAt) throw new Conflict(MSG.mfa.alreadyEnabled);
  // Turning it on needs the password (confirmEnrolment): an account without one sets one first.
  if (!row.passwordHash) throw new BadRequest(MSG.mfa.noPassword);
  const secret = generateSecret();
  const started = await db
    .update(users)
    .set({ totpPendingSecret: keys.box.seal(secret, userId) })
    .where(and(eq(users.id, userId), liveAccount()))
    .returning({ id: users.id });
  // Deleted since this request signed in: the deleted row keeps no secret.
  if (started.length === 0) throw new Unauthorized(MSG.auth.notSignedIn);
  const uri = generateURI({ issuer: ISSUER, label: row.email, secret });
  const svg = await QRCode.toString(uri, { type: "svg", margin: 1, errorCorrectionLevel: "M" });
  return { secret, uri, qrCode: `data:image/svg+xml;base64,${Buffer.from(svg).toString("base64")}` };
}

/**
 * The password and a code from the pending secret turn the second factor on. This session counts as
 * having proved it; every other session of the account ends. Returns the recovery codes, shown once.
 */
export async function confirmEnrolment(
  db: Db,
  keys: MfaKeys,
  userId: string,
  sessionId: string,
  { code, password }: MfaConfirmReq,
): Promise<string[]> {
  const row = await totpRow(db, userId);
  if (row.totpEnabledAt) throw new Conflict(MSG.mfa.alreadyEnabled);
  if (!row.passwordHash) throw new BadRequest(MSG.mfa.noPassword);
  if (!(await verifyPassword(row.passwordHash, password))) {
    throw new BadRequest(MSG.mfa.wrongPassword, { password: MSG.mfa.wrongPassword });
  }
  if (!row.totpPendingSecret) throw new BadRequest(MSG.mfa.noEnrolment);
  const step = await matchingStep(openSecret(keys, row.totpPendingSecret, userId), code);
  if (step === null) throw new BadRequest(MSG.mfa.wrongCode, { code: MSG.mfa.wrongCode });
  const codes = newRecoveryCodes();
  const enabled = await db.transaction(async (tx) => {
    // Only the pending secret this code was checked against: a restart in another tab wins.
    const [done] = await tx
      .update(users)
      .set({
        totpSecret: row.totpPendingSecret,
        totpPendingSecret: null,
        totpEnabledAt: new Date(),
        totpLastStep: step,
        totpFailedAttempts: 0,
      })
      .where(
        and(
          eq(users.id, userId),
          isNull(users.totpEnabledAt),
          eq(users.totpPendingSecret, row.totpPendingSecret!),
        ),
      )
      .returning({ id: users.id });
    if (!done) return false;
    await tx.delete(mfaRecoveryCodes).where(eq(mfaRecoveryCodes.userId, userId));
    await tx
      .insert(mfaRecoveryCodes)
      .values(codes.map((c) => ({ userId, codeHash: keyedHash(keys.recoveryKey, c) })));
    // A session signed in before the change was made under other rules: it signs in again.
    await endSessions(tx, userId, sessionId);
    await tx.update(sessions).set({ mfaVerifiedAt: new Date() }).where(eq(sessions.id, sessionId));
    return true;
  });
  if (!enabled) throw new Conflict(MSG.mfa.noEnrolment);
  return codes;
}

const cleared = {
  totpSecret: null,
  totpEnabledAt: null,
  totpPendingSecret: null,
  totpLastStep: null,
  totpFailedAttempts: 0,
} as const;

/**
 * Turns the second factor off, with proof that this is the owner and not someone at an unlocked
 * screen: the password, or a current code. An admin who must have it cannot.
 */
export async function disableMfa(
  db: Db,
  keys: MfaKeys,
  userId: string,
  sessionId: string,
  proof: MfaDisableReq,
  requireAdminMfa: boolean,
): Promise<void> {
  const row = await totpRow(db, userId);
  if (!row.totpEnabledAt) throw new Conflict(MSG.mfa.notEnabled);
  if (row.role === "admin" && requireAdminMfa) throw new Forbidden(MSG.mfa.adminMustKeep);
  if (proof.password) {
    const ok = row.passwordHash ? await verifyPassword(row.passwordHash, proof.password) : false;
    if (!ok) throw new BadRequest(MSG.mfa.wrongPassword, { password: MSG.mfa.wrongPassword });
  } else if (!(await acceptCode(db, keys, userId, proof.code ?? ""))) {
    throw new BadRequest(MSG.mfa.wrongCode, { code: MSG.mfa.wrongCode });
  }
  await db.transaction(async (tx) => {
    await tx.update(users).set(cleared).where(eq(users.id, userId));
    await tx.delete(mfaRecoveryCodes).where(eq(mfaRecoveryCodes.userId, userId));
    await endSessions(tx, userId, sessionId);
  });
}

/** For the admin CLI: a lost authenticator. Clears the factor and ends every session of the person. */
export async function resetMfa(db: Db, userId: string): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.update(users).set(cleared).where(eq(users.id, userId));
    await tx.delete(mfaRecoveryCodes).where(eq(mfaRecoveryCodes.userId, userId));
    await endSessions(tx, userId);
  });
}
