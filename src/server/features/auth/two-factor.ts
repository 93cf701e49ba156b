import { randomInt } from "node:crypto";
import { verify as verifyPassword } from "@node-rs/argon2";
import { and, eq, isNotNull, isNull, lt, or } from "drizzle-orm";
import { generateSecret, generateURI, verify as verifyTotp } from "otplib";
import QRCode from "qrcode";
import { MSG } from "#shared/messages.ts";
import { isTotpCode, type MfaDisableReq, type MfaSetupResponse } from "#shared/schemas/two-factor.ts";
import type { Db } from "../../db/client.ts";
import { mfaRecoveryCodes, sessions, users } from "../../db/schema.ts";
import { BadRequest, Conflict, Forbidden, Unauthorized } from "../../errors.ts";
import { deriveKey, keyedHash, type SecretBox, secretBox } from "../../lib/secret-box.ts";

const ISSUER = "MotoHaat";
/** ±1 step of 30 s: a code typed as it changes, or on a phone a little off, still counts (RFC 6238 §5.2). */
const EPOCH_TOLERANCE_SECONDS = 30;
const RECOVERY_CODE_COUNT = 10;
/** No 0/o, 1/l/i: the codes are read off paper. 31 symbols × 8 ≈ 40 bits each. */
const RECOVERY_ALPHABET = "23456789abcdefghjkmnpqrstuvwxyz";

/** The keys of the second factor, all derived from SESSION_SECRET. */
export type MfaKeys = { box: SecretBox; recoveryKey: Buffer };

export function mfaKeys(sessionSecret: string): MfaKeys {
  return {
    box: secretBox(sessionSecret, "totp-secret"),
    recoveryKey: deriveKey(sessionSecret, "mfa-recovery-code"),
  };
}

/** Ten fresh codes like `k7dm-q3xa`, from the system's cryptographic randomness. */
export function newRecoveryCodes(): string[] {
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
async function acceptCode(db: Db, keys: MfaKeys, userId: string, code: string): Promise<boolean> {
  const row = await totpRow(db, userId);
  if (!row.totpSecret || !row.totpEnabledAt) return false;
  const step = await matchingStep(keys.box.open(row.totpSecret, userId), code);
  if (step === null) return false;
  const updated = await db
    .update(users)
    .set({ totpLastStep: step })
    .where(
      and(
        eq(users.id, userId),
        isNotNull(users.totpEnabledAt),
        or(isNull(users.totpLastStep), lt(users.totpLastStep, step)),
      ),
    )
    .returning({ id: users.id });
  return updated.length === 1;
}

/** Uses up one recovery code; false when it is unknown or already used. */
async function spendRecoveryCode(db: Db, keys: MfaKeys, userId: string, code: string): Promise<boolean> {
  const used = await db
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
  return used.length === 1;
}

/** Sign-in's second step: a current code, or a recovery code (used up). Throws 401 otherwise. */
export async function verifySecondFactor(db: Db, keys: MfaKeys, userId: string, code: string): Promise<void> {
  if (isTotpCode(code)) {
    if (await acceptCode(db, keys, userId, code)) return;
    throw new Unauthorized(MSG.mfa.wrongCode, { code: MSG.mfa.wrongCode });
  }
  if (await spendRecoveryCode(db, keys, userId, code)) return;
  throw new Unauthorized(MSG.mfa.wrongRecoveryCode, { code: MSG.mfa.wrongRecoveryCode });
}

/** A new secret to scan, kept (encrypted) as pending until a code from it confirms the app works. */
export async function startEnrolment(db: Db, keys: MfaKeys, userId: string): Promise<MfaSetupResponse> {
  const row = await totpRow(db, userId);
  if (row.totpEnabledAt) throw new Conflict(MSG.mfa.alreadyEnabled);
  const secret = generateSecret();
  await db
    .update(users)
    .set({ totpPendingSecret: keys.box.seal(secret, userId) })
    .where(eq(users.id, userId));
  const uri = generateURI({ issuer: ISSUER, label: row.email, secret });
  const svg = await QRCode.toString(uri, { type: "svg", margin: 1, errorCorrectionLevel: "M" });
  return { secret, uri, qrCode: `data:image/svg+xml;base64,${Buffer.from(svg).toString("base64")}` };
}

/** A code from the pending secret turns the second factor on; returns the recovery codes, shown once. */
export async function confirmEnrolment(
  db: Db,
  keys: MfaKeys,
  userId: string,
  code: string,
): Promise<string[]> {
  const row = await totpRow(db, userId);
  if (row.totpEnabledAt) throw new Conflict(MSG.mfa.alreadyEnabled);
  if (!row.totpPendingSecret) throw new BadRequest(MSG.mfa.noEnrolment);
  const step = await matchingStep(keys.box.open(row.totpPendingSecret, userId), code);
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
} as const;

/**
 * Turns the second factor off, with proof that this is the owner and not someone at an unlocked
 * screen: the password, or a current code. An admin who must have it cannot.
 */
export async function disableMfa(
  db: Db,
  keys: MfaKeys,
  userId: string,
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
  });
}

/** For the admin CLI: a lost authenticator. Clears the factor and ends every session of the person. */
export async function resetMfa(db: Db, userId: string): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.update(users).set(cleared).where(eq(users.id, userId));
    await tx.delete(mfaRecoveryCodes).where(eq(mfaRecoveryCodes.userId, userId));
    await tx.delete(sessions).where(eq(sessions.userId, userId));
  });
}
