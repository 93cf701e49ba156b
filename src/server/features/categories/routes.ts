import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { CategoriesResponseSchema } from "#shared/schemas/categories.ts";
import { listCategories } from "./service.ts";

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
      const rows = await listCategories(app.db);
      reply.header("cache-control", "public, max-age=300");
      return { categories: rows };
    },
  );
}
