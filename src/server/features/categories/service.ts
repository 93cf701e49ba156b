import { asc } from "drizzle-orm";
import type { Db } from "#server/db/client.ts";
import { categories } from "#server/db/schema.ts";
import type { Category } from "#shared/schemas/categories.ts";

/** Every category, in the order the menus show them. */
export function listCategories(db: Db): Promise<Category[]> {
  return db
    .select({ slug: categories.slug, label: categories.label })
    .from(categories)
    .orderBy(asc(categories.position));
}
