import { eq } from "drizzle-orm";
import type { Tx } from "#server/db/client.ts";
import { listings } from "#server/db/schema.ts";

/** A bike as its seller's notifications name it (an admin's removal): its seller, model and price. */
export async function bikeNotice(tx: Tx, listingId: string) {
  const [row] = await tx
    .select({ sellerId: listings.sellerId, model: listings.model, price: listings.askingPrice })
    .from(listings)
    .where(eq(listings.id, listingId));
  return row;
}
