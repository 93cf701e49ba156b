import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { removeListing } from "#server/workflows/listing-removal.ts";
import { listReported } from "#server/workflows/reported-listings.ts";
import { IdParamsSchema, PageQuerySchema } from "#shared/schemas/paging.ts";
import { ReportCreateSchema, ReportedListingsPageSchema } from "#shared/schemas/reports.ts";
import { dismissReports, reportListing } from "./service.ts";

export async function reportRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { db } = app;
  const tags = ["reports"];

  r.post(
    "/api/listings/:id/reports",
    {
      config: { access: ["buyer"] },
      schema: {
        tags,
        summary: "Report a listing to the admins, with a reason",
        params: IdParamsSchema,
        body: ReportCreateSchema,
        response: { 201: z.object({ reported: z.literal(true) }) },
      },
    },
    async (request, reply) => {
      await reportListing(db, request.user!, request.params.id, request.body);
      return reply.code(201).send({ reported: true as const });
    },
  );

  // The admins' review queue of reported listings.
  const admin = { access: ["admin"] as const };

  r.get(
    "/api/admin/reports",
    {
      config: { ...admin, noStore: true },
      schema: {
        tags,
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
        tags,
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
        tags,
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
