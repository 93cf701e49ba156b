import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { getOverview } from "#server/workflows/dashboard-overview.ts";
import { OverviewSchema } from "#shared/schemas/overview.ts";

/** The dashboard's first page: what each role has to do next, as counts. */
export async function overviewRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { db } = app;

  r.get(
    "/api/me/overview",
    {
      config: { access: "signedIn", noStore: true },
      schema: {
        tags: ["overview"],
        summary:
          "The dashboard's counts: a buyer's unpaid bookings and the first hold's end; a seller's bikes for sale, held, sold and bookings ended unpaid lately; an admin's reported listings and unverified sellers",
        response: { 200: OverviewSchema },
      },
    },
    async (request) => getOverview(db, request.user!),
  );
}
