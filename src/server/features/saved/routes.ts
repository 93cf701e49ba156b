import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { listSaved } from "#server/workflows/saved-bikes.ts";
import { PageQuerySchema } from "#shared/schemas/paging.ts";
import {
  SavedIdsSchema,
  SavedPageSchema,
  SavedParamsSchema,
  SavedStateSchema,
} from "#shared/schemas/saved.ts";
import { saveBike, savedIds, unsaveBike } from "./service.ts";

/** A buyer's saved bikes: only buyers save (a seller or an admin is answered 403 by the access rule). */
export async function savedRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { db } = app;
  const tags = ["saved"];
  const buyerOnly = { access: ["buyer"] as const, noStore: true };

  r.put(
    "/api/saved/:listingId",
    {
      config: buyerOnly,
      schema: {
        tags,
        summary: "Save a bike at its asking price now (idempotent: saving it again changes nothing)",
        params: SavedParamsSchema,
        response: { 200: SavedStateSchema },
      },
    },
    async (request) => {
      await saveBike(db, request.user!, request.params.listingId);
      return { saved: true };
    },
  );

  r.delete(
    "/api/saved/:listingId",
    {
      config: buyerOnly,
      schema: {
        tags,
        summary: "Unsave a bike (idempotent: a bike not saved answers the same)",
        params: SavedParamsSchema,
        response: { 200: SavedStateSchema },
      },
    },
    async (request) => {
      await unsaveBike(db, request.user!, request.params.listingId);
      return { saved: false };
    },
  );

  r.get(
    "/api/saved/ids",
    {
      config: buyerOnly,
      schema: {
        tags,
        summary: "The ids of the bikes you saved, most recent first (up to 1,000): the hearts on cards",
        response: { 200: SavedIdsSchema },
      },
    },
    async (request) => ({ ids: await savedIds(db, request.user!) }),
  );

  r.get(
    "/api/saved",
    {
      config: buyerOnly,
      schema: {
        tags,
        summary:
          "Your saved bikes, newest saved first: each bike, its asking price when saved and when (removed bikes left out)",
        querystring: PageQuerySchema,
        response: { 200: SavedPageSchema },
      },
    },
    async (request) => listSaved(db, request.user!, request.query),
  );
}
