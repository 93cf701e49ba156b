/**
 * A person's account as every feature needs it: who is signed in (`AuthUser`), whether an account
 * is live or deleted, and the check every write a person makes runs inside its transaction. A leaf:
 * it imports no feature, so any feature or workflow may use it.
 */
import { and, eq, inArray, ne, sql } from "drizzle-orm";
import type { Tx } from "#server/db/client.ts";
import { users } from "#server/db/schema.ts";
import { Unauthorized } from "#server/errors.ts";
import type { StoredImage } from "#server/images/store.ts";
import type { Locale } from "#shared/i18n/locales.ts";
import { MSG } from "#shared/messages.ts";
import type { Role } from "#shared/schemas/auth.ts";

/** The signed-in user as the server keeps it on the request (`request.user`). */
export type AuthUser = {
  id: string;
  name: string;
  email: string;
  role: Role;
  verified: boolean;
  /** Signs in with a second factor (TOTP). */
  mfaEnabled: boolean;
  /** False for a Google-only account. */
  hasPassword: boolean;
  photo: StoredImage | null;
  /** The phone a seller gives their buyers, or null (decision 015: shown only where there is a need). */
  phone: string | null;
  /** The language the person chose, or null (src/server/lib/i18n.ts decides from the request). */
  language: Locale | null;
};

/**
 * A deleted account keeps its row (orders, listings and reports point at it) but nothing of the
 * person: its email becomes `<its id>@deleted.invalid`, unique as the column must be, at a domain
 * that can receive no mail (RFC 2606), and that nobody can sign up with (the id is only known after).
 */
const DELETED_EMAIL_DOMAIN = "deleted.invalid";

/** The placeholder email a deleted account's row keeps. */
export function deletedAccountEmail(userId: string): string {
  return `${userId}@${DELETED_EMAIL_DOMAIN}`;
}

/** SQL: the `users` row is a person's account, not a deleted one. */
export function liveAccount() {
  return ne(users.email, sql`${users.id}::text || ${`@${DELETED_EMAIL_DOMAIN}`}`);
}

/** A deleted account's placeholder email, which must never be shown to anyone as an address. */
export function isDeletedAccountEmail(email: string): boolean {
  return email.endsWith(`@${DELETED_EMAIL_DOMAIN}`);
}

/**
 * Every write a person makes starts its transaction here: the person's row is locked and must still
 * be a live account, else 401. A request that passed the sign-in check just before the person
 * deleted their account (which locks the same row first) either finished before the deletion began
 * or finds the account gone here and writes nothing. The lock also puts one person's writes of a
 * kind one after another (two bookings at once cannot both see two holds and make four).
 */
export async function lockLiveAccount(tx: Tx, userId: string): Promise<{ role: Role }> {
  const [me] = await tx
    .select({ role: users.role })
    .from(users)
    .where(and(eq(users.id, userId), liveAccount()))
    .for("update");
  if (!me) throw new Unauthorized(MSG.auth.notSignedIn);
  return me;
}

/** Whether the account is still a person's (not deleted, and there). */
export async function isLiveAccount(tx: Pick<Tx, "select">, userId: string): Promise<boolean> {
  const [row] = await tx
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.id, userId), liveAccount()));
  return row !== undefined;
}

/** People by id, as an admin's list names them: name, email (null for a closed account) and role. */
export async function peopleByIds(
  db: Pick<Tx, "select">,
  ids: string[],
): Promise<Map<string, { id: string; name: string; email: string | null; role: Role }>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({ id: users.id, name: users.name, email: users.email, role: users.role })
    .from(users)
    .where(inArray(users.id, ids));
  return new Map(rows.map((r) => [r.id, { ...r, email: isDeletedAccountEmail(r.email) ? null : r.email }]));
}
