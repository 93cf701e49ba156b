import { verify } from "@node-rs/argon2";
import { and, eq, inArray, ne, sql } from "drizzle-orm";
import type { Db } from "#server/db/client.ts";
import {
  listingPhotoUploads,
  listings,
  mfaRecoveryCodes,
  orders,
  passwordResetTokens,
  sessions,
  users,
} from "#server/db/schema.ts";
import { BadRequest, Conflict, Forbidden, Unauthorized } from "#server/errors.ts";
import { expireDueHolds, freeListings, releaseHeldOrders } from "#server/features/orders/service.ts";
import { MSG } from "#shared/messages.ts";
import { DELETE_ACCOUNT_WORD, type DeleteAccountReq } from "#shared/schemas/account.ts";
import { DEMO_ACCOUNTS } from "./demo-accounts.ts";
import type { AuthUser } from "./presenter.ts";

/**
 * A deleted account keeps its row (orders, listings and reports point at it) but nothing of the
 * person: its email becomes `<its id>@deleted.invalid`, unique as the column must be, at a domain
 * that can receive no mail (RFC 2606), and that nobody can sign up with (the id is only known after).
 */
const DELETED_EMAIL_DOMAIN = "deleted.invalid";

/** SQL: the `users` row is a person's account, not a deleted one. */
export function liveAccount() {
  return ne(users.email, sql`${users.id}::text || ${`@${DELETED_EMAIL_DOMAIN}`}`);
}

/** A deleted account's placeholder email, which must never be shown to anyone as an address. */
export function isDeletedAccountEmail(email: string): boolean {
  return email.endsWith(`@${DELETED_EMAIL_DOMAIN}`);
}

type Tx = Parameters<Parameters<Db["transaction"]>[0]>[0];

/** The person's unpaid bookings end (cancelled; passed ones expired) and those bikes are for sale again. */
async function endBookings(tx: Tx, buyerId: string) {
  const expired = await expireDueHolds(tx, eq(orders.buyerId, buyerId));
  const cancelled = await tx
    .update(orders)
    .set({ status: "cancelled", endedAt: sql`now()` })
    .where(and(eq(orders.buyerId, buyerId), eq(orders.status, "held")))
    .returning({ listingId: orders.listingId });
  await freeListings(
    tx,
    [...expired, ...cancelled].map((o) => o.listingId),
  );
  // The phone was given to the seller for a meeting that will not happen now; a paid order keeps it.
  await tx
    .update(orders)
    .set({ phone: "" })
    .where(and(eq(orders.buyerId, buyerId), ne(orders.status, "paid")));
}

/**
 * The person's bikes leave the market. Orders before listings, the lock order of the sweeper,
 * cancel, release and payment (decision 021), so none of them can deadlock with this: their held
 * orders are released first (passed ones expired), then the bikes are hidden in one UPDATE. A booking
 * that took a bike's row lock in between has its order released right after: the bike is hidden now,
 * so no other booking can follow. A bike no order points at is deleted with its photos and reports,
 * the rest stay hidden for their orders.
 */
async function withdrawListings(tx: Tx, sellerId: string) {
  await releaseHeldOrders(
    tx,
    inArray(
      orders.listingId,
      tx.select({ id: listings.id }).from(listings).where(eq(listings.sellerId, sellerId)),
    ),
  );
  const mine = await tx
    .update(listings)
    .set({ hidden: true, advertised: false })
    .where(eq(listings.sellerId, sellerId))
    .returning({ id: listings.id });
  const ids = mine.map((l) => l.id);
  if (ids.length > 0) {
    await releaseHeldOrders(tx, inArray(orders.listingId, ids));
    await tx
      .delete(listings)
      .where(
        and(
          inArray(listings.id, ids),
          sql`not exists (select 1 from ${orders} where ${orders.listingId} = ${listings.id})`,
        ),
      );
  }
  await tx.delete(listingPhotoUploads).where(eq(listingPhotoUploads.sellerId, sellerId));
}

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
 * Deletes the signed-in person's account, in one transaction: their bookings and bikes as above;
 * paid orders stay whole for the other person (bike, price, meeting place, the booking's phone), now
 * under the name "Deleted account"; their name, email, photo, password, Google link and second factor
 * go; every session and reset link ends. The route clears the cookie.
 *
 * Refused: the shared demo accounts (anyone could delete them for everyone) and the last admin (no
 * one could verify sellers or handle reports; the CLI makes admins).
 */
export async function deleteAccount(db: Db, user: AuthUser, proof: DeleteAccountReq): Promise<void> {
  if (DEMO_ACCOUNTS.some((a) => a.email === user.email.toLowerCase())) {
    throw new Forbidden(MSG.account.demoNotDeletable);
  }
  // argon2 is slow on purpose: checked before the transaction, which should not wait for it.
  await checkProof(db, user.id, proof);
  await db.transaction(async (tx) => {
    // The person's row first: a booking by them locks it too, so it finished before or waits for this.
    const [me] = await tx
      .select({ role: users.role })
      .from(users)
      .where(and(eq(users.id, user.id), liveAccount()))
      .for("update");
    if (!me) throw new Unauthorized(MSG.auth.notSignedIn);
    if (me.role === "admin") {
      // Every admin's row locked: two admins deleting at once cannot both see the other one left.
      const admins = await tx
        .select({ id: users.id })
        .from(users)
        .where(and(eq(users.role, "admin"), liveAccount()))
        .for("update");
      if (admins.length <= 1) throw new Conflict(MSG.account.lastAdmin);
    }
    await endBookings(tx, user.id);
    await withdrawListings(tx, user.id);
    await tx
      .update(users)
      .set({
        name: MSG.account.deletedName,
        email: `${user.id}@${DELETED_EMAIL_DOMAIN}`,
        passwordHash: null,
        photoKey: null,
        verified: false,
        googleSub: null,
        totpSecret: null,
        totpEnabledAt: null,
        totpPendingSecret: null,
        totpLastStep: null,
        totpFailedAttempts: 0,
      })
      .where(eq(users.id, user.id));
    await tx.delete(sessions).where(eq(sessions.userId, user.id));
    await tx.delete(passwordResetTokens).where(eq(passwordResetTokens.userId, user.id));
    await tx.delete(mfaRecoveryCodes).where(eq(mfaRecoveryCodes.userId, user.id));
  });
}
