import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { ServiceUnavailable } from "#server/errors.ts";
import { partsDown, pingDatabase } from "./service.ts";

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

  app.withTypeProvider<ZodTypeProvider>().get(
    "/api/health/ready",
    {
      config: { access: "public" },
      schema: {
        tags: ["health"],
        summary:
          "Readiness, for a load balancer: 200 only when the database, Redis (when configured) and the image store answer",
        response: {
          200: z.object({
            status: z.literal("ready"),
            database: z.enum(["pglite", "postgres"]),
            redis: z.enum(["up", "off"]),
            images: z.enum(["disk", "s3"]),
          }),
        },
      },
    },
    async (request, reply) => {
      reply.header("cache-control", "no-store");
      const down = await partsDown({
        database: () => pingDatabase(app.db),
        Redis: app.pingRedis,
        "the image store": () => app.images.files.check(),
      });
      if (down.length > 0) {
        request.log.error({ down: down.map((d) => d.part), errs: down.map((d) => d.err) }, "not ready");
        throw new ServiceUnavailable(
          `Not ready: ${down.map((d) => d.part).join(", ")} not answering.`,
          undefined,
          "health.notReady",
        );
      }
      return {
        status: "ready" as const,
        database: app.databaseKind,
        redis: app.pingRedis ? ("up" as const) : ("off" as const),
        images: app.images.files.driver,
      };
    },
  );
}
