import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { rateSeller } from "#server/workflows/seller-rating.ts";
import { IdParamsSchema, PageQuerySchema } from "#shared/schemas/paging.ts";
import {
  MyRatingsSchema,
  ReportedReviewsPageSchema,
  ReviewCreateSchema,
  ReviewReplySchema,
  ReviewReportSchema,
  ReviewResponseSchema,
  ReviewsPageSchema,
} from "#shared/schemas/reviews.ts";
import {
  dismissReviewReports,
  myRatings,
  removeReview,
  replyToReview,
  reportedReviews,
  reportReview,
  sellerReviews,
} from "./service.ts";

export async function reviewRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { db } = app;
  const tags = ["reviews"];

  r.post(
    "/api/orders/:id/review",
    {
      config: { access: ["buyer"] },
      schema: {
        tags,
        summary: "Rate the seller of your paid order, once: 1 to 5 stars and an optional comment (≤ 500)",
        params: IdParamsSchema,
        body: ReviewCreateSchema,
        response: { 201: ReviewResponseSchema },
      },
    },
    async (request, reply) => {
      const review = await rateSeller(db, request.user!, request.params.id, request.body);
      return reply.code(201).send({ review });
    },
  );

  r.get(
    "/api/me/reviews",
    {
      config: { access: ["buyer"], noStore: true },
      schema: {
        tags,
        summary: "The orders you have rated, with the stars you gave",
        response: { 200: MyRatingsSchema },
      },
    },
    async (request) => myRatings(db, request.user!),
  );

  r.get(
    "/api/sellers/:id/reviews",
    {
      config: { access: "public" },
      schema: {
        tags,
        summary:
          "A seller's ratings, newest first: stars, comment, the seller's reply, and the reviewer's first name and photo",
        params: IdParamsSchema,
        querystring: PageQuerySchema,
        response: { 200: ReviewsPageSchema },
      },
    },
    async (request) => sellerReviews(db, request.params.id, request.query),
  );

  r.post(
    "/api/reviews/:id/reply",
    {
      config: { access: ["seller"] },
      schema: {
        tags,
        summary: "Answer a rating of you, once (≤ 500 characters)",
        params: IdParamsSchema,
        body: ReviewReplySchema,
        response: { 200: ReviewResponseSchema },
      },
    },
    async (request) => ({ review: await replyToReview(db, request.user!, request.params.id, request.body) }),
  );

  r.post(
    "/api/reviews/:id/report",
    {
      config: { access: "signedIn" },
      schema: {
        tags,
        summary: "Report a review to the admins, with a reason (once per person; not your own)",
        params: IdParamsSchema,
        body: ReviewReportSchema,
        response: { 201: z.object({ reported: z.literal(true) }) },
      },
    },
    async (request, reply) => {
      await reportReview(db, request.user!, request.params.id, request.body);
      return reply.code(201).send({ reported: true as const });
    },
  );

  const admin = { access: ["admin"] as const };

  r.get(
    "/api/admin/reviews/reported",
    {
      config: { ...admin, noStore: true },
      schema: {
        tags,
        summary: "Reviews with open reports, most recently reported first, with every reason and reporter",
        querystring: PageQuerySchema,
        response: { 200: ReportedReviewsPageSchema },
      },
    },
    async (request) => reportedReviews(db, request.query),
  );

  r.delete(
    "/api/admin/reviews/:id",
    {
      config: admin,
      schema: {
        tags,
        summary: "Remove a review: it no longer shows or counts in the seller's rating",
        params: IdParamsSchema,
        response: { 204: z.undefined() },
      },
    },
    async (request, reply) => {
      await removeReview(db, request.params.id);
      return reply.code(204).send();
    },
  );

  r.post(
    "/api/admin/reviews/:id/dismiss",
    {
      config: admin,
      schema: {
        tags,
        summary: "Dismiss every report of the review `id` (it stays)",
        params: IdParamsSchema,
        response: { 204: z.undefined() },
      },
    },
    async (request, reply) => {
      await dismissReviewReports(db, request.params.id);
      return reply.code(204).send();
    },
  );
}
