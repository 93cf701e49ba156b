import { and, desc, eq, sql } from "drizzle-orm";
import type { Db, Tx } from "#server/db/client.ts";
import { images, listings, orders, users } from "#server/db/schema.ts";
import { NotFound } from "#server/errors.ts";
import { liveAccount } from "#server/features/people/accounts.ts";
import {
  personColumns,
  personPhotoJoin,
  sellerColumns,
  toPerson,
  toSeller,
} from "#server/features/people/presenter.ts";
import { beforeCursor, decodeCursor, isUuid, toPage } from "#server/lib/pagination.ts";
import { MSG } from "#shared/messages.ts";
import type { AdminBuyer, AdminBuyersPage, AdminSeller, SellersPage } from "#shared/schemas/admin.ts";

type PageQuery = { cursor?: string | undefined; limit: number };

/**
 * A seller's row: the person, their listings (each counted by the seller index; those an admin
 * removed are gone from the market and not counted) and when they joined.
 */
function sellerFields() {
  return {
    ...sellerColumns(),
    listings:
      sql<number>`(select count(*) from ${listings} where ${listings.sellerId} = ${users.id} and not ${listings.hidden})`.mapWith(
        Number,
      ),
    createdAt: users.createdAt,
    createdAtText: sql<string>`${users.createdAt}::text`,
  };
}

type SellerRow = Parameters<typeof toSeller>[0] & { listings: number; createdAt: Date };

function toAdminSeller(r: SellerRow): AdminSeller {
  return { ...toSeller(r), listings: r.listings, joinedAt: r.createdAt.toISOString() };
}

export async function listSellers(db: Db, q: PageQuery): Promise<SellersPage> {
  const cursor = decodeCursor(q.cursor);
  const rows = await db
    .select(sellerFields())
    .from(users)
    .leftJoin(images, personPhotoJoin())
    .where(and(eq(users.role, "seller"), liveAccount(), beforeCursor(users.createdAt, users.id, cursor)))
    .orderBy(desc(users.createdAt), desc(users.id))
    .limit(q.limit + 1);
  const page = toPage(rows, q.limit, (r) => ({ createdAt: r.createdAtText, id: r.id }));
  return { items: page.items.map(toAdminSeller), nextCursor: page.nextCursor };
}

/** Verifying is idempotent: verifying a verified seller changes nothing and still succeeds. */
export function verifySeller(db: Db, sellerId: string): Promise<AdminSeller> {
  return setVerified(db, sellerId, true);
}

/** Takes the tick off (the Undo of a verification made by mistake); idempotent like verifying. */
export function unverifySeller(db: Db, sellerId: string): Promise<AdminSeller> {
  return setVerified(db, sellerId, false);
}

async function setVerified(db: Db, sellerId: string, verified: boolean): Promise<AdminSeller> {
  await db.transaction((tx) => changeVerified(tx, sellerId, verified));
  return adminSeller(db, sellerId);
}

/**
 * Sets a live seller's tick in the caller's transaction (404 for anyone else: a deleted seller is no
 * one to verify); true when it changed, so the seller is told of a verification once
 * (`workflows/seller-verification.ts`), not on every repeated click. The row is locked first, so two
 * admins verifying at once see one change between them.
 */
export async function changeVerified(tx: Tx, sellerId: string, verified: boolean): Promise<boolean> {
  if (!isUuid(sellerId)) throw new NotFound(MSG.admin.sellerNotFound);
  const [row] = await tx
    .select({ verified: users.verified })
    .from(users)
    .where(and(eq(users.id, sellerId), eq(users.role, "seller"), liveAccount()))
    .for("update");
  if (!row) throw new NotFound(MSG.admin.sellerNotFound);
  if (row.verified === verified) return false;
  await tx.update(users).set({ verified }).where(eq(users.id, sellerId));
  return true;
}

/** A seller as All sellers shows them (after a change of their tick). */
export async function adminSeller(db: Db, sellerId: string): Promise<AdminSeller> {
  const [row] = await db
    .select(sellerFields())
    .from(users)
    .leftJoin(images, personPhotoJoin())
    .where(eq(users.id, sellerId));
  if (!row) throw new NotFound(MSG.admin.sellerNotFound);
  return toAdminSeller(row);
}

/**
 * Every buyer account, newest first, booked or not, with how many bookings each has made (in any
 * state: held, paid, ended), counted through the orders' buyer index.
 */
export async function listBuyers(db: Db, q: PageQuery): Promise<AdminBuyersPage> {
  const cursor = decodeCursor(q.cursor);
  const rows = await db
    .select({
      ...personColumns(),
      bookings: sql<number>`(select count(*) from ${orders} where ${orders.buyerId} = ${users.id})`.mapWith(
        Number,
      ),
      createdAt: users.createdAt,
      createdAtText: sql<string>`${users.createdAt}::text`,
    })
    .from(users)
    .leftJoin(images, personPhotoJoin())
    .where(and(eq(users.role, "buyer"), liveAccount(), beforeCursor(users.createdAt, users.id, cursor)))
    .orderBy(desc(users.createdAt), desc(users.id))
    .limit(q.limit + 1);
  const page = toPage(rows, q.limit, (r) => ({ createdAt: r.createdAtText, id: r.id }));
  const items = page.items.map(
    (r): AdminBuyer => ({ ...toPerson(r), bookings: r.bookings, joinedAt: r.createdAt.toISOString() }),
  );
  return { items, nextCursor: page.nextCursor };
}
