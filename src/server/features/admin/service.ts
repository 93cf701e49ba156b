import { and, desc, eq, sql } from "drizzle-orm";
import type { Db } from "#server/db/client.ts";
import { images, users } from "#server/db/schema.ts";
import { NotFound } from "#server/errors.ts";
import { personPhotoJoin, sellerColumns, toSeller } from "#server/features/people/presenter.ts";
import { beforeCursor, decodeCursor, isUuid, toPage } from "#server/lib/pagination.ts";
import { MSG } from "#shared/messages.ts";
import type { Seller } from "#shared/schemas/people.ts";

function sellerFields() {
  return { ...sellerColumns(), createdAtText: sql<string>`${users.createdAt}::text` };
}

export async function listSellers(db: Db, q: { cursor?: string | undefined; limit: number }) {
  const cursor = decodeCursor(q.cursor);
  const rows = await db
    .select(sellerFields())
    .from(users)
    .leftJoin(images, personPhotoJoin())
    .where(and(eq(users.role, "seller"), beforeCursor(users.createdAt, users.id, cursor)))
    .orderBy(desc(users.createdAt), desc(users.id))
    .limit(q.limit + 1);
  const page = toPage(rows, q.limit, (r) => ({ createdAt: r.createdAtText, id: r.id }));
  return { items: page.items.map(toSeller), nextCursor: page.nextCursor };
}

/** Verifying is idempotent: verifying a verified seller changes nothing and still succeeds. */
export async function verifySeller(db: Db, sellerId: string): Promise<Seller> {
  if (!isUuid(sellerId)) throw new NotFound(MSG.admin.sellerNotFound);
  const updated = await db
    .update(users)
    .set({ verified: true })
    .where(and(eq(users.id, sellerId), eq(users.role, "seller")))
    .returning({ id: users.id });
  if (updated.length === 0) throw new NotFound(MSG.admin.sellerNotFound);
  const [row] = await db
    .select(sellerFields())
    .from(users)
    .leftJoin(images, personPhotoJoin())
    .where(eq(users.id, sellerId));
  return toSeller(row!);
}
