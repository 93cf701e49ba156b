import { and, desc, eq, sql } from "drizzle-orm";
import type { Db } from "#server/db/client.ts";
import { images, users } from "#server/db/schema.ts";
import { NotFound } from "#server/errors.ts";
import { toImage } from "#server/images/store.ts";
import { beforeCursor, decodeCursor, isUuid, toPage } from "#server/lib/pagination.ts";
import { MSG } from "#shared/messages.ts";
import type { SellerRow } from "#shared/schemas/admin.ts";

const sellerFields = {
  id: users.id,
  name: users.name,
  email: users.email,
  verified: users.verified,
  createdAtText: sql<string>`${users.createdAt}::text`,
  photoKey: images.key,
  photoWidth: images.width,
  photoHeight: images.height,
};

function toSellerRow(r: {
  id: string;
  name: string;
  email: string;
  verified: boolean;
  photoKey: string | null;
  photoWidth: number | null;
  photoHeight: number | null;
}): SellerRow {
  return {
    id: r.id,
    name: r.name,
    email: r.email,
    verified: r.verified,
    photo: r.photoKey
      ? toImage({ key: r.photoKey, width: r.photoWidth ?? 0, height: r.photoHeight ?? 0 })
      : null,
  };
}

export async function listSellers(db: Db, q: { cursor?: string | undefined; limit: number }) {
  const cursor = decodeCursor(q.cursor);
  const rows = await db
    .select(sellerFields)
    .from(users)
    .leftJoin(images, eq(images.key, users.photoKey))
    .where(and(eq(users.role, "seller"), beforeCursor(users.createdAt, users.id, cursor)))
    .orderBy(desc(users.createdAt), desc(users.id))
    .limit(q.limit + 1);
  const page = toPage(rows, q.limit, (r) => ({ createdAt: r.createdAtText, id: r.id }));
  return { items: page.items.map(toSellerRow), nextCursor: page.nextCursor };
}

/** Verifying is idempotent: verifying a verified seller changes nothing and still succeeds. */
export async function verifySeller(db: Db, sellerId: string): Promise<SellerRow> {
  if (!isUuid(sellerId)) throw new NotFound(MSG.admin.sellerNotFound);
  const updated = await db
    .update(users)
    .set({ verified: true })
    .where(and(eq(users.id, sellerId), eq(users.role, "seller")))
    .returning({ id: users.id });
  if (updated.length === 0) throw new NotFound(MSG.admin.sellerNotFound);
  const [row] = await db
    .select(sellerFields)
    .from(users)
    .leftJoin(images, eq(images.key, users.photoKey))
    .where(eq(users.id, sellerId));
  return toSellerRow(row!);
}
