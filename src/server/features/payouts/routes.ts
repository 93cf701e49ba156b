import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { PayoutDetailsResponseSchema, PayoutDetailsSchema } from "#shared/schemas/payouts.ts";
import { payoutDetailsOf, setPayoutDetails } from "./service.ts";

/** Where a seller is paid: their own to read and change (issue 23, item 3). */
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
}
