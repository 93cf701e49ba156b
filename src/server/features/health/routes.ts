import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { ServiceUnavailable } from "#server/errors.ts";
import { pingDatabase } from "./service.ts";

export async function healthRoutes(app: FastifyInstance) {
  app.withTypeProvider<ZodTypeProvider>().get(
    "/api/health",
    {
      config: { access: "public" },
      schema: {
        tags: ["health"],
        summary: "Liveness, and whether the database answers",
        response: { 200: z.object({ status: z.literal("ok"), database: z.enum(["pglite", "postgres"]) }) },
      },
    },
    async (request, reply) => {
      try {
        await pingDatabase(app.db);
      } catch (err) {
        request.log.error({ err }, "health check: database unreachable");
        throw new ServiceUnavailable(
          "The database is not reachable.",
          undefined,
          "health.databaseUnreachable",
        );
      }
      reply.header("cache-control", "no-store");
      return { status: "ok" as const, database: app.databaseKind };
    },
  );
}
