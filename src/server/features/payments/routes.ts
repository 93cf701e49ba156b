import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { BadRequest, HttpProblem } from "#server/errors.ts";
import { getOrder } from "#server/workflows/buyer-orders.ts";
import { confirmPayment, intentForOrder, recordPayment } from "#server/workflows/payment.ts";
import { MSG } from "#shared/messages.ts";
import { IdParamsSchema } from "#shared/schemas/paging.ts";
import {
  PaymentConfirmResponseSchema,
  PaymentConfirmSchema,
  PaymentIntentResponseSchema,
} from "#shared/schemas/payments.ts";
import type { PaymentProvider } from "./provider/provider.ts";

export async function paymentRoutes(app: FastifyInstance, opts: { provider: PaymentProvider }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { db } = app;
  const { provider } = opts;
  const tags = ["payments"];

  r.post(
    "/api/orders/:id/payment-intent",
    {
      config: { access: ["buyer"] },
      schema: {
        tags,
        summary: "Start (or resume) paying an order; the amount comes from the order",
        params: IdParamsSchema,
        response: { 200: PaymentIntentResponseSchema },
      },
    },
    async (request) => {
      const intent = await intentForOrder(
        db,
        provider,
        request.user!,
        request.params.id,
        app.config.money,
        request.log,
      );
      return {
        provider: provider.name,
        intentId: intent.id,
        clientSecret: intent.clientSecret,
        amount: intent.amount,
        currency: intent.currency,
        status: intent.status,
        publishableKey: provider.publishableKey,
      };
    },
  );

  r.post(
    "/api/payments/confirm",
    {
      config: { access: ["buyer"] },
      schema: {
        tags,
        summary: "Pay with a card (test provider) or report a Stripe confirmation",
        body: PaymentConfirmSchema,
        response: { 200: PaymentConfirmResponseSchema },
      },
    },
    async (request) => {
      const intent = await confirmPayment(
        db,
        provider,
        request.user!,
        request.body,
        app.config.money,
        request.log,
      );
      return {
        status: "succeeded" as const,
        paymentId: intent.id,
        order: await getOrder(db, request.user!, intent.orderId),
      };
    },
  );

  if (provider.verifyWebhook) {
    const verify = provider.verifyWebhook.bind(provider);
    await app.register(async (hook) => {
      // The signature covers the exact bytes Stripe sent, so this route keeps the raw body.
      hook.removeContentTypeParser("application/json");
      hook.addContentTypeParser("application/json", { parseAs: "buffer" }, (_req, body, done) =>
        done(null, body),
      );
      hook.withTypeProvider<ZodTypeProvider>().post(
        "/api/payments/webhook",
        {
          config: { access: "public", crossOrigin: true },
          schema: {
            tags,
            summary: "Stripe webhook (signed)",
            response: { 200: z.object({ received: z.literal(true) }) },
          },
        },
        async (request) => {
          const signature = request.headers["stripe-signature"];
          let event: ReturnType<typeof verify>;
          try {
            event = verify(request.body as Buffer, typeof signature === "string" ? signature : "");
          } catch {
            throw new BadRequest(MSG.payment.badSignature);
          }
          if (event.type === "payment_intent.succeeded" && event.intent) {
            if (!event.intent.orderId) {
              // The Stripe account may also serve other sales: an intent that is not an order's is theirs.
              request.log.warn({ intentId: event.intent.id }, "webhook: intent without an order, ignored");
            } else {
              try {
                // A payment after its booking ended is refunded there, and logged (decision 021).
                await recordPayment(db, provider, event.intent, app.config.money, request.log);
              } catch (err) {
                // A refusal (wrong amount, unknown or otherwise paid order) will not change on a retry, and
                // Stripe retries anything but a 2xx for days, then disables the endpoint: log it, take it.
                if (!(err instanceof HttpProblem) || err.status >= 500) throw err;
                request.log.error(
                  { err, intentId: event.intent.id, orderId: event.intent.orderId },
                  "webhook: payment not recorded",
                );
              }
            }
          }
          return { received: true as const };
        },
      );
    });
  }
}
