import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { IdParamsSchema } from "#shared/schemas/paging.ts";
import { SellerProfileResponseSchema } from "#shared/schemas/people.ts";
import { getSellerProfile } from "./service.ts";

export async function sellerRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { db } = app;

  // The seller's bikes come from `GET /api/listings?seller=<id>`: one list, one set of filters.
  r.get(
    "/api/sellers/:id",
    {
      config: { access: "public" },
      schema: {
        tags: ["sellers"],
        summary: "A seller's public page: name, photo, verified tick, member since, bikes sold and for sale",
        params: IdParamsSchema,
        response: { 200: SellerProfileResponseSchema },
      },
    },
    async (request) => ({ seller: await getSellerProfile(db, request.params.id) }),
  );
}
