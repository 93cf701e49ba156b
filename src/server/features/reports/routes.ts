import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { IdParamsSchema } from "#shared/schemas/paging.ts";
import { ReportCreateSchema } from "#shared/schemas/reports.ts";
import { reportListing } from "./service.ts";

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
}
