/**
 * The admin's own routes: the lists of accounts and the sellers' verified tick, which no other domain
 * owns. The review queue of reported listings (`/api/admin/reports`, removing a listing) is the
 * reports feature's (`features/reports/routes.ts`).
 */
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { verifyAndTellSeller } from "#server/workflows/seller-verification.ts";
import { AdminBuyersPageSchema, SellerResponseSchema, SellersPageSchema } from "#shared/schemas/admin.ts";
import { IdParamsSchema, PageQuerySchema } from "#shared/schemas/paging.ts";
import { listBuyers, listSellers, unverifySeller } from "./service.ts";

export async function adminRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { db } = app;
  const tags = ["admin"];
  const admin = { access: ["admin"] as const };

  r.get(
    "/api/admin/sellers",
    {
      config: { ...admin, noStore: true },
      schema: {
        tags,
        summary: "Every seller, with how many bikes they have listed and when they joined",
        querystring: PageQuerySchema,
        response: { 200: SellersPageSchema },
      },
    },
    async (request) => listSellers(db, request.query),
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
    async (request) => ({ seller: await verifyAndTellSeller(db, request.params.id) }),
  );

  r.delete(
    "/api/admin/sellers/:id/verify",
    {
      config: admin,
      schema: {
        tags,
        summary: "Take a seller's verified tick off (undo a verification)",
        params: IdParamsSchema,
        response: { 200: SellerResponseSchema },
      },
    },
    async (request) => ({ seller: await unverifySeller(db, request.params.id) }),
  );

  r.get(
    "/api/admin/buyers",
    {
      config: { ...admin, noStore: true },
      schema: {
        tags,
        summary: "Every buyer account, with how many bookings each has made and when they joined",
        querystring: PageQuerySchema,
        response: { 200: AdminBuyersPageSchema },
      },
    },
    async (request) => listBuyers(db, request.query),
  );
}
