import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { owedCsv, owedList, recordPayout } from "#server/workflows/payouts.ts";
import { OwedListSchema, PayoutResponseSchema, RecordPayoutSchema } from "#shared/schemas/money.ts";
import { PayoutDetailsResponseSchema, PayoutDetailsSchema } from "#shared/schemas/payouts.ts";
import { payoutDetailsOf, setPayoutDetails } from "./service.ts";

/**
 * Where a seller is paid (their own to read and change), and the admins' payouts: what each seller is
 * owed, its CSV for the bank, and a transfer recorded (issue 23, items 3 and 5).
 */
export async function payoutRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const own = { access: ["seller" as const], noStore: true };
  r.get(
    "/api/me/payout-details",
    {
      config: own,
      schema: {
        tags: ["payments"],
        summary:
          "Where you are paid what MotoHaat owes you: a bKash or Nagad wallet or a bank account, or null",
        response: { 200: PayoutDetailsResponseSchema },
      },
    },
    async (request) => payoutDetailsOf(app.db, request.user!.id),
  );
  r.put(
    "/api/me/payout-details",
    {
      config: own,
      schema: {
        tags: ["payments"],
        summary:
          "Set where you are paid: a bKash or Nagad number, or a bank account (name, bank, branch, number)",
        body: PayoutDetailsSchema,
        response: { 200: PayoutDetailsResponseSchema },
      },
    },
    async (request) => setPayoutDetails(app.db, request.user!, request.body),
  );

  const admin = { access: ["admin" as const], noStore: true };
  r.get(
    "/api/admin/payouts",
    {
      config: admin,
      schema: {
        tags: ["admin"],
        summary:
          "Every seller MotoHaat owes money, the most owed first, with their payout details; and the total",
        response: { 200: OwedListSchema },
      },
    },
    async () => owedList(app.db),
  );
  r.get(
    "/api/admin/payouts.csv",
    {
      config: admin,
      schema: {
        tags: ["admin"],
        summary:
          "The owed list as CSV for a bulk transfer: each seller with payout details, what they are owed and where to send it",
        produces: ["text/csv"],
        response: { 200: z.string() },
      },
    },
    async (_request, reply) => {
      const day = new Date().toISOString().slice(0, 10);
      return reply
        .type("text/csv; charset=utf-8")
        .header("content-disposition", `attachment; filename="motohaat-owed-${day}.csv"`)
        .send(await owedCsv(app.db));
    },
  );
  r.post(
    "/api/admin/payouts",
    {
      config: { access: ["admin" as const] },
      schema: {
        tags: ["admin"],
        summary:
          "Record a transfer made to a seller (at most what is owed) with its reference: the seller is told and sees it on their statement",
        body: RecordPayoutSchema,
        response: { 201: PayoutResponseSchema },
      },
    },
    async (request, reply) =>
      reply.code(201).send({ payout: await recordPayout(app.db, request.user!, request.body) }),
  );
}
