import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { sellerEarnings } from "#server/workflows/earnings.ts";
import { moneyLog } from "#server/workflows/payouts.ts";
import { EarningsPageSchema } from "#shared/schemas/earnings.ts";
import { MoneyLogPageSchema } from "#shared/schemas/money.ts";
import { PageQuerySchema } from "#shared/schemas/paging.ts";

/** The money MotoHaat holds and owes, as each seller sees theirs, and the admins' log of it (decision 028). */
export async function ledgerRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get(
    "/api/me/earnings",
    {
      config: { access: ["seller"], noStore: true },
      schema: {
        tags: ["payments"],
        summary:
          "Your earnings: what MotoHaat holds for your bikes, what it owes you and has paid out, and every movement of your money, newest first",
        querystring: PageQuerySchema,
        response: { 200: EarningsPageSchema },
      },
    },
    async (request) => sellerEarnings(app.db, request.user!, request.query),
  );
  r.get(
    "/api/admin/money-log",
    {
      config: { access: ["admin"], noStore: true },
      schema: {
        tags: ["admin"],
        summary:
          "Every admin action on money (payouts, dispute refunds and releases), newest first: who, when, what and why",
        querystring: PageQuerySchema,
        response: { 200: MoneyLogPageSchema },
      },
    },
    async (request) => moneyLog(app.db, request.query),
  );
}
