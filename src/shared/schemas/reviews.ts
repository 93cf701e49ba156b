import { z } from "zod";
import { TALK_MSG } from "#shared/talk-messages.ts";
import { ImageSchema } from "./images.ts";
import { pageOf } from "./paging.ts";
import { PersonSchema } from "./people.ts";

/** The longest comment, reply or report reason, in characters. */
export const REVIEW_TEXT_MAX = 500;

/** `/api/orders/:orderId/review`. */
export const ReviewOrderParamsSchema = z.object({ orderId: z.string().max(64) });

/** `POST /api/orders/:orderId/review`: 1 to 5 whole stars and an optional comment. */
export const ReviewCreateSchema = z.object({
  stars: z
    .number({ error: TALK_MSG.review.starsRequired })
    .int({ error: TALK_MSG.review.starsRequired })
    .min(1, { error: TALK_MSG.review.starsRequired })
    .max(5, { error: TALK_MSG.review.starsRequired }),
  comment: z
    .string()
    .trim()
    .max(REVIEW_TEXT_MAX, { error: TALK_MSG.review.commentTooLong })
    .optional()
    .transform((v) => (v === "" ? undefined : v)),
});
export type ReviewCreateReq = z.input<typeof ReviewCreateSchema>;

/** `POST /api/reviews/:id/reply`: the seller's one answer. */
export const ReviewReplySchema = z.object({
  reply: z
    .string({ error: TALK_MSG.review.replyRequired })
    .trim()
    .min(1, { error: TALK_MSG.review.replyRequired })
    .max(REVIEW_TEXT_MAX, { error: TALK_MSG.review.replyTooLong }),
});
export type ReviewReplyReq = z.infer<typeof ReviewReplySchema>;

/** `POST /api/reviews/:id/report`. */
export const ReviewReportSchema = z.object({
  reason: z
    .string({ error: TALK_MSG.review.reasonRequired })
    .trim()
    .min(1, { error: TALK_MSG.review.reasonRequired })
    .max(REVIEW_TEXT_MAX, { error: TALK_MSG.review.reasonTooLong }),
});
export type ReviewReportReq = z.infer<typeof ReviewReportSchema>;

/**
 * A review as anyone sees it: the reviewer's first name and photo only, never their email or phone
 * (decision 015).
 */
export const ReviewSchema = z.object({
  id: z.string(),
  sellerId: z.string(),
  stars: z.number().int(),
  comment: z.string().nullable(),
  reply: z.string().nullable(),
  repliedAt: z.string().nullable(),
  createdAt: z.string(),
  reviewer: z.object({ firstName: z.string(), photo: ImageSchema.nullable() }),
});
export type Review = z.infer<typeof ReviewSchema>;
export const ReviewResponseSchema = z.object({ review: ReviewSchema });
export type ReviewResponse = z.infer<typeof ReviewResponseSchema>;

/** `GET /api/sellers/:id/reviews`: newest first, removed ones left out. */
export const ReviewsPageSchema = pageOf(ReviewSchema);
export type ReviewsPage = z.infer<typeof ReviewsPageSchema>;

/** `GET /api/me/reviews`: the orders the buyer has rated, and the stars given (My orders shows them). */
export const MyRatingsSchema = z.object({
  items: z.array(z.object({ orderId: z.string(), reviewId: z.string(), stars: z.number().int() })),
});
export type MyRatings = z.infer<typeof MyRatingsSchema>;

/**
 * A review in the admins' queue: the review, its seller and its buyer (with the emails an admin
 * writes to), and every open report.
 */
const ReportedReviewSchema = z.object({
  review: ReviewSchema,
  seller: PersonSchema.omit({ photo: true }),
  buyer: PersonSchema.omit({ photo: true }),
  reports: z.array(
    z.object({ reason: z.string(), reportedAt: z.string(), reporter: PersonSchema.omit({ photo: true }) }),
  ),
});
export type ReportedReview = z.infer<typeof ReportedReviewSchema>;
export const ReportedReviewsPageSchema = pageOf(ReportedReviewSchema);
export type ReportedReviewsPage = z.infer<typeof ReportedReviewsPageSchema>;
