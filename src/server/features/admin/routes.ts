/**
 * Every `/api/admin/*` route, and only these, lives here: one file shows all an admin can do. The
 * handlers call the services of the domain whose rows they change (orders' buyers, reports' review
 * queue); the admin service holds only what no other domain owns (sellers and their verified tick).
 */
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { listBuyers } from "#server/features/orders/service.ts";
import { dismissReports, listReported, removeListing } from "#server/features/reports/service.ts";
import { SellerResponseSchema, SellersPageSchema } from "#shared/schemas/admin.ts";
import { BuyersPageSchema } from "#shared/schemas/orders.ts";
import { IdParamsSchema, PageQuerySchema } from "#shared/schemas/paging.ts";
import { ReportedListingsPageSchema } from "#shared/schemas/reports.ts";
import { listSellers, verifySeller } from "./service.ts";

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
        summary: "Every seller",
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
    async (request) => ({ seller: await verifySeller(db, request.params.id) }),
  );

  r.get(
    "/api/admin/buyers",
    {
      config: { ...admin, noStore: true },
      schema: {
        tags,
        summary: "Every buyer with at least one order",
        querystring: PageQuerySchema,
        response: { 200: BuyersPageSchema },
      },
    },
    async (request) => listBuyers(db, request.query),
  );

  // The review queue keeps its "reports" tag: the API docs group it as before.
  const reportTags = ["reports"];

  r.get(
    "/api/admin/reports",
    {
      config: { ...admin, noStore: true },
      schema: {
        tags: reportTags,
        summary: "Listings with open reports, with every reason and reporter",
        querystring: PageQuerySchema,
        response: { 200: ReportedListingsPageSchema },
      },
    },
    async (request) => listReported(db, request.query),
  );

  r.post(
    "/api/admin/reports/:id/dismiss",
    {
      config: admin,
      schema: {
        tags: reportTags,
        summary: "Dismiss every report on the listing `id`",
        params: IdParamsSchema,
        response: { 204: z.undefined() },
      },
    },
    async (request, reply) => {
      await dismissReports(db, request.params.id);
      return reply.code(204).send();
    },
  );

  r.delete(
    "/api/admin/listings/:id",
    {
      config: admin,
      schema: {
        tags: reportTags,
        summary: "Remove a listing (hidden instead when an order points at it)",
        params: IdParamsSchema,
        response: { 204: z.undefined() },
      },
    },
    async (request, reply) => {
      await removeListing(db, request.params.id);
      return reply.code(204).send();
    },
  );
}
