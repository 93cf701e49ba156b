import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import {
  decideHandoverDispute,
  disputeHandover,
  listHandoverDisputes,
} from "#server/workflows/handover-disputes.ts";
import {
  DecideDisputeSchema,
  DisputeHandoverSchema,
  HandoverDisputesPageSchema,
} from "#shared/schemas/money.ts";
import { OrderResponseSchema } from "#shared/schemas/orders.ts";
import { IdParamsSchema, PageQuerySchema } from "#shared/schemas/paging.ts";

/** A handover disputed: the buyer's report, the admins' list and decision (product.md, "Payments"). */
export async function disputeRoutes(
  app: FastifyInstance,
  // The payment provider, as the workflow takes it (a feature's routes import no other feature).
  opts: { provider: Parameters<typeof decideHandoverDispute>[1] },
) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { db } = app;

  r.post(
    "/api/orders/:id/dispute",
    {
      config: { access: ["buyer"] },
      schema: {
        tags: ["orders"],
        summary:
          "Report a problem with a card-paid handover (it did not happen, or the bike is not as described): the money stays held until an admin decides",
        params: IdParamsSchema,
        body: DisputeHandoverSchema,
        response: { 200: OrderResponseSchema },
      },
    },
    async (request) => ({ order: await disputeHandover(db, request.user!, request.params.id, request.body) }),
  );

  r.get(
    "/api/admin/handover-disputes",
    {
      config: { access: ["admin"], noStore: true },
      schema: {
        tags: ["admin"],
        summary:
          "Open handover disputes, newest first, with the order, both people and their messages about the bike",
        querystring: PageQuerySchema,
        response: { 200: HandoverDisputesPageSchema },
      },
    },
    async (request) => listHandoverDisputes(db, request.query),
  );

  r.post(
    "/api/admin/handover-disputes/:id/decide",
    {
      config: { access: ["admin"] },
      schema: {
        tags: ["admin"],
        summary:
          "Decide a handover dispute (the id is the order's): refund the buyer through the payment provider, or release the money to the seller, with a note both read",
        params: IdParamsSchema,
        body: DecideDisputeSchema,
        response: { 204: z.undefined() },
      },
    },
    async (request, reply) => {
      await decideHandoverDispute(
        db,
        opts.provider,
        request.user!,
        request.params.id,
        request.body,
        app.config.money,
      );
      return reply.code(204).send();
    },
  );
}
