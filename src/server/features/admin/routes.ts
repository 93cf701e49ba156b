/**
 * Every `/api/admin/*` route, and only these, lives here: one file shows all an admin can do. The
 * handlers call the services of the domain whose rows they change (reports' review queue); the
 * admin service holds what no other domain owns (the lists of accounts and the sellers' verified tick).
 */
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { dismissReports, listReported, removeListing } from "#server/features/reports/service.ts";
import { AdminBuyersPageSchema, SellerResponseSchema, SellersPageSchema } from "#shared/schemas/admin.ts";
import { IdParamsSchema, PageQuerySchema } from "#shared/schemas/paging.ts";
import { ReportedListingsPageSchema } from "#shared/schemas/reports.ts";
import { listBuyers, listSellers, unverifySeller, verifySeller } from "./service.ts";

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
    async (request) => ({ seller: await verifySeller(db, request.params.id) }),
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
