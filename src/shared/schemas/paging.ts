import { z } from "zod";

/** How many rows a page holds when the client does not say. */
const PAGE_SIZE = 24;

/** `?cursor=…&limit=…` of every paged list; the cursor is opaque to the client (the server's keyset). */
export const PageQuerySchema = z.object({
  cursor: z.string().max(200).optional(),
  limit: z.coerce.number().int().min(1).max(100).default(PAGE_SIZE),
});

/** A page of `item`s and the cursor of the next page (null on the last). */
export const pageOf = <T extends z.ZodType>(item: T) =>
  z.object({ items: z.array(item), nextCursor: z.string().nullable() });

/** `/:id` of any resource; the services answer 404 for an id that is not a UUID. */
export const IdParamsSchema = z.object({ id: z.string().max(64) });
