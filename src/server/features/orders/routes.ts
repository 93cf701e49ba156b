import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { bookBike } from "#server/workflows/booking.ts";
import { getOrder, listMyOrders } from "#server/workflows/buyer-orders.ts";
import { cancelOrder, releaseOrder } from "#server/workflows/hold-endings.ts";
import { confirmHandover } from "#server/workflows/money-release.ts";
import {
  OrderCreateSchema,
  OrderResponseSchema,
  OrdersPageSchema,
  SellerBookingsPageSchema,
} from "#shared/schemas/orders.ts";
import { IdParamsSchema, PageQuerySchema } from "#shared/schemas/paging.ts";
import { listSellerBookings } from "./seller.ts";

export async function orderRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { db } = app;
  const tags = ["orders"];

  r.post(
    "/api/orders",
    {
      config: { access: ["buyer"] },
      schema: {
        tags,
        summary:
          "Book a bike: it is held for you until you pay or the hold runs out; the order keeps today's price",
        body: OrderCreateSchema,
        response: { 201: OrderResponseSchema },
      },
    },
    async (request, reply) =>
      reply.code(201).send({
        order: await bookBike(db, request.user!, request.body, app.config.bookingHoldMinutes),
      }),
  );

  r.post(
    "/api/orders/:id/cancel",
    {
      config: { access: ["buyer"] },
      schema: {
        tags,
        summary: "Cancel your unpaid booking: the bike goes back on sale",
        params: IdParamsSchema,
        response: { 200: OrderResponseSchema },
      },
    },
    async (request) => ({ order: await cancelOrder(db, request.user!, request.params.id) }),
  );

  r.post(
    "/api/orders/:id/handover",
    {
      config: { access: ["buyer"] },
      schema: {
        tags,
        summary:
          "Confirm you have the bike and its papers: the card payment MotoHaat holds goes to the seller now",
        params: IdParamsSchema,
        response: { 200: OrderResponseSchema },
      },
    },
    async (request) => ({
      order: await confirmHandover(db, request.user!, request.params.id, app.config.money),
    }),
  );

  r.post(
    "/api/orders/:id/release",
    {
      config: { access: ["seller"] },
      schema: {
        tags,
        summary:
          "Release an unpaid booking of your bike (the buyer did not come): the bike goes back on sale",
        params: IdParamsSchema,
        response: { 204: z.undefined() },
      },
    },
    async (request, reply) => {
      await releaseOrder(db, request.user!, request.params.id);
      return reply.code(204).send();
    },
  );

  r.get(
    "/api/me/orders",
    {
      config: { access: ["buyer"], noStore: true },
      schema: {
        tags,
        summary: "The signed-in buyer's orders",
        querystring: PageQuerySchema,
        response: { 200: OrdersPageSchema },
      },
    },
    async (request) => listMyOrders(db, request.user!, request.query),
  );

  r.get(
    "/api/orders/:id",
    {
      config: { access: ["buyer"], noStore: true },
      schema: {
        tags,
        summary: "One of your orders",
        params: IdParamsSchema,
        response: { 200: OrderResponseSchema },
      },
    },
    async (request) => ({ order: await getOrder(db, request.user!, request.params.id) }),
  );

  r.get(
    "/api/me/buyers",
    {
      config: { access: ["seller"], noStore: true },
      schema: {
        tags,
        summary:
          "Every booking of the signed-in seller's bikes, newest first: bike, buyer, place, dates, state (the buyer's email and phone only while held or paid)",
        querystring: PageQuerySchema,
        response: { 200: SellerBookingsPageSchema },
      },
    },
    async (request) => listSellerBookings(db, request.user!, request.query),
  );
}
