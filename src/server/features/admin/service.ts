import { and, desc, eq, sql } from "drizzle-orm";
import type { Db } from "#server/db/client.ts";
import { images, listings, orders, users } from "#server/db/schema.ts";
import { NotFound } from "#server/errors.ts";
import { liveAccount } from "#server/features/auth/account-deletion.ts";
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
  if (!isUuid(sellerId)) throw new NotFound(MSG.admin.sellerNotFound);
  const updated = await db
    .update(users)
    .set({ verified })
    // A deleted seller is no one to verify: 404 as for an unknown id.
    .where(and(eq(users.id, sellerId), eq(users.role, "seller"), liveAccount()))
    .returning({ id: users.id });
  if (updated.length === 0) throw new NotFound(MSG.admin.sellerNotFound);
  const [row] = await db
    .select(sellerFields())
    .from(users)
    .leftJoin(images, personPhotoJoin())
    .where(eq(users.id, sellerId));
  return toAdminSeller(row!);
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
