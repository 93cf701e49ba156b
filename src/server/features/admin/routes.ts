import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { listBuyers } from "#server/features/orders/service.ts";
import { SellerResponseSchema, SellersPageSchema } from "#shared/schemas/admin.ts";
import { BuyersPageSchema } from "#shared/schemas/orders.ts";
import { IdParamsSchema, PageQuerySchema } from "#shared/schemas/paging.ts";
import { listSellers, verifySeller } from "./service.ts";

export async function adminRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { db } = app;
  const tags = ["admin"];
  const admin = { access: ["admin"] as const };

  r.get(
    "/api/admin/sellers",
    {
      config: admin,
      schema: {
        tags,
        summary: "Every seller",
        querystring: PageQuerySchema,
        response: { 200: SellersPageSchema },
      },
    },
    async (request, reply) => {
      reply.header("cache-control", "private, no-store");
      return listSellers(db, request.query);
    },
  );

  r.post(
    "/api/admin/sellers/:id/verify",
    {
      config: admin,
      schema: {
        tags,
        summary: "Mark a seller as verified",
        params: IdParamsSchema,
        response: { 200: SellerResponseSchema },
      },
    },
    async (request) => ({ seller: await verifySeller(db, request.params.id) }),
  );

  r.get(
    "/api/admin/buyers",
    {
      config: admin,
      schema: {
        tags,
        summary: "Every buyer with at least one order",
        querystring: PageQuerySchema,
        response: { 200: BuyersPageSchema },
      },
    },
    async (request, reply) => {
      reply.header("cache-control", "private, no-store");
      return listBuyers(db, request.query);
    },
  );
}
