import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { confirmCash, disputeCash, markPaidInCash, resolveCashDispute } from "#server/workflows/cash-deal.ts";
import {
  CashDisputeSchema,
  CashDisputesPageSchema,
  CashResolveSchema,
  OrderResponseSchema,
} from "#shared/schemas/orders.ts";
import { IdParamsSchema, PageQuerySchema } from "#shared/schemas/paging.ts";
import { listCashDisputes } from "./cash.ts";

/** Cash at the meeting: the seller's mark, the buyer's answer, and the admins' disputes (product.md). */
export async function cashRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { db } = app;
  const tags = ["orders"];

  r.post(
    "/api/orders/:id/cash",
    {
      config: { access: ["seller"] },
      schema: {
        tags,
        summary:
          "Mark a held booking of your bike paid in cash at the meeting: the buyer is asked to confirm, and the hold no longer runs out meanwhile",
        params: IdParamsSchema,
        response: { 204: z.undefined() },
      },
    },
    async (request, reply) => {
      await markPaidInCash(db, request.user!, request.params.id);
      return reply.code(204).send();
    },
  );

  r.post(
    "/api/orders/:id/cash/confirm",
    {
      config: { access: ["buyer"] },
      schema: {
        tags,
        summary: "Confirm you paid the seller in cash: the order is paid (in cash) and the bike is yours",
        params: IdParamsSchema,
        response: { 200: OrderResponseSchema },
      },
    },
    async (request) => ({ order: await confirmCash(db, request.user!, request.params.id) }),
  );

  r.post(
    "/api/orders/:id/cash/dispute",
    {
      config: { access: ["buyer"] },
      schema: {
        tags,
        summary:
          "Say you did not pay the seller in cash (optional reason): an admin decides, and the hold runs again from now",
        params: IdParamsSchema,
        body: CashDisputeSchema,
        response: { 200: OrderResponseSchema },
      },
    },
    async (request) => ({
      order: await disputeCash(
        db,
        request.user!,
        request.params.id,
        request.body,
        app.config.bookingHoldMinutes,
      ),
    }),
  );

  r.get(
    "/api/admin/cash-disputes",
    {
      config: { access: ["admin"], noStore: true },
      schema: {
        tags: ["admin"],
        summary: "Held bookings whose buyer disputes the seller's cash mark, newest dispute first",
        querystring: PageQuerySchema,
        response: { 200: CashDisputesPageSchema },
      },
    },
    async (request) => listCashDisputes(db, request.query),
  );

  r.post(
    "/api/admin/cash-disputes/:id/resolve",
    {
      config: { access: ["admin"] },
      schema: {
        tags: ["admin"],
        summary:
          "Decide a disputed cash mark (the id is the order's): paid in cash (the bike is sold to the buyer) or release the booking",
        params: IdParamsSchema,
        body: CashResolveSchema,
        response: { 204: z.undefined() },
      },
    },
    async (request, reply) => {
      await resolveCashDispute(db, request.user!, request.params.id, request.body);
      return reply.code(204).send();
    },
  );
}
