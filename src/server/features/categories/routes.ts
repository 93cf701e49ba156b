import { asc } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { categories } from "#server/db/schema.ts";
import { CategoriesResponseSchema } from "#shared/schemas/categories.ts";

export async function categoryRoutes(app: FastifyInstance) {
  app.withTypeProvider<ZodTypeProvider>().get(
    "/api/categories",
    {
      config: { access: "public" },
      schema: {
        tags: ["listings"],
        summary: "Every category, in display order",
        response: { 200: CategoriesResponseSchema },
      },
    },
    async (_request, reply) => {
      const rows = await app.db
        .select({ slug: categories.slug, label: categories.label })
        .from(categories)
        .orderBy(asc(categories.position));
      reply.header("cache-control", "public, max-age=300");
      return { categories: rows };
    },
  );
}
