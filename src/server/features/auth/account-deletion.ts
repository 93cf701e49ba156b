/**
 * The auth side of deleting an account (`workflows/account-deletion.ts` composes the whole of it):
 * what refuses it, and what of the person goes from their row.
 */
import { verify } from "@node-rs/argon2";
import { and, eq } from "drizzle-orm";
import type { Db, Tx } from "#server/db/client.ts";
import { mfaRecoveryCodes, passwordResetTokens, sessions, users } from "#server/db/schema.ts";
import { BadRequest, Conflict, Forbidden, Unauthorized } from "#server/errors.ts";
import { type AuthUser, deletedAccountEmail, liveAccount } from "#server/features/people/accounts.ts";
import { MSG } from "#shared/messages.ts";
import { DELETE_ACCOUNT_WORD, type DeleteAccountReq } from "#shared/schemas/account.ts";
import { DEMO_ACCOUNTS } from "./demo-accounts.ts";

/** The proof asked before deleting: the password, or for a Google-only account the typed word. */
async function checkProof(db: Db, userId: string, proof: DeleteAccountReq) {
  const [row] = await db
    .select({ passwordHash: users.passwordHash })
    .from(users)
    .where(eq(users.id, userId))
    .limit(1);
  if (!row) throw new Unauthorized(MSG.auth.notSignedIn);
  if (row.passwordHash) {
    if (!proof.password) {
      throw new BadRequest(MSG.account.deletePasswordRequired, {
        password: MSG.account.deletePasswordRequired,
      });
    }
    if (!(await verify(row.passwordHash, proof.password))) {
      throw new BadRequest(MSG.account.deletePasswordWrong, { password: MSG.account.deletePasswordWrong });
    }
  } else if (proof.confirm !== DELETE_ACCOUNT_WORD) {
    throw new BadRequest(MSG.account.deleteWordRequired, { confirm: MSG.account.deleteWordRequired });
  }
}

/**
 * What is refused before anything is locked: the shared demo accounts (anyone could delete them for
 * everyone), and a wrong proof. argon2 is slow on purpose: checked before the transaction, which
 * should not wait for it.
 */
export async function refuseDeletion(db: Db, user: AuthUser, proof: DeleteAccountReq): Promise<void> {
  if (DEMO_ACCOUNTS.some((a) => a.email === user.email.toLowerCase())) {
    throw new Forbidden(MSG.account.demoNotDeletable);
  }
  await checkProof(db, user.id, proof);
}

/**
 * The last admin stays (no one could verify sellers or handle reports; the CLI makes admins). Every
 * admin's row locked: two admins deleting at once cannot both see the other one left.
 */
export async function refuseLastAdmin(tx: Tx): Promise<void> {
  const admins = await tx
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.role, "admin"), liveAccount()))
    .for("update");
  if (admins.length <= 1) throw new Conflict(MSG.account.lastAdmin);
}

/**
 * The account keeps its row under the name "Deleted account" and nothing of the person: their name,
 * email, photo, password, Google link and second factor go; every session, reset link and recovery
 * code ends.
 */
export async function eraseAccount(tx: Tx, userId: string): Promise<void> {
  await tx
    .update(users)
    .set({
      name: MSG.account.deletedName,
      email: deletedAccountEmail(userId),
      passwordHash: null,
      photoKey: null,
      verified: false,
      googleSub: null,
      totpSecret: null,
      totpEnabledAt: null,
      totpPendingSecret: null,
      totpLastStep: null,
      totpFailedAttempts: 0,
      phone: null,
    })
    .where(eq(users.id, userId));
  await tx.delete(sessions).where(eq(sessions.userId, userId));
  await tx.delete(passwordResetTokens).where(eq(passwordResetTokens.userId, userId));
  await tx.delete(mfaRecoveryCodes).where(eq(mfaRecoveryCodes.userId, userId));
}
