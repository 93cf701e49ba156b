/**
 * Ratings of sellers: the reviews, seller_ratings and review_reports tables. A review is written
 * by `workflows/seller-rating.ts` (it needs the order); every change to a counted review updates its
 * seller's seller_ratings row in the same transaction, so the cards' average (a read-only join of that
 * row, people/presenter.ts) never drifts from the reviews.
 */
import { and, desc, eq, inArray, isNull, max, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import type { Db, Tx } from "#server/db/client.ts";
import { images, reviewReports, reviews, sellerRatings, users } from "#server/db/schema.ts";
import { Conflict, Forbidden, NotFound } from "#server/errors.ts";
import { type AuthUser, lockLiveAccount } from "#server/features/people/accounts.ts";
import { personPhotoJoin } from "#server/features/people/presenter.ts";
import { beforeCursor, decodeCursor, isUuid, toPage } from "#server/lib/pagination.ts";
import { MSG } from "#shared/messages.ts";
import type {
  MyRatings,
  ReportedReviewsPage,
  Review,
  ReviewReplyReq,
  ReviewReportReq,
  ReviewsPage,
} from "#shared/schemas/reviews.ts";
import { TALK_MSG } from "#shared/talk-messages.ts";
import { reviewColumns, reviewerJoin, toReview } from "./presenter.ts";

/** Adds (`sign` 1) or takes away (-1) one review's stars from its seller's rating, in the caller's transaction. */
async function countInRating(tx: Tx, sellerId: string, stars: number, sign: 1 | -1): Promise<void> {
  await tx
    .insert(sellerRatings)
    .values({ sellerId, count: Math.max(sign, 0), starsTotal: Math.max(sign * stars, 0) })
    .onConflictDoUpdate({
      target: sellerRatings.sellerId,
      set: {
        count: sql`${sellerRatings.count} + ${sign}`,
        starsTotal: sql`${sellerRatings.starsTotal} + ${sign * stars}`,
      },
    });
}

/**
 * The buyer's review of an order, in the workflow's transaction (the order checked paid and theirs
 * there): one per order (the unique order_id decides: 409 the second time, even for two at once),
 * counted in the seller's rating at once. Returns the review's id.
 */
export async function addReview(
  tx: Tx,
  review: { orderId: string; sellerId: string; buyerId: string; stars: number; comment: string | null },
): Promise<string> {
  const [row] = await tx.insert(reviews).values(review).onConflictDoNothing().returning({ id: reviews.id });
  if (!row) throw new Conflict(TALK_MSG.review.alreadyRated);
  await countInRating(tx, review.sellerId, review.stars, 1);
  return row.id;
}

/** One review as anyone sees it (removed ones too: the id is known to its seller and the admins). */
export async function getReview(db: Db, id: string): Promise<Review> {
  const [row] = await db
    .select(reviewColumns())
    .from(reviews)
    .innerJoin(users, reviewerJoin())
    .leftJoin(images, personPhotoJoin())
    .where(eq(reviews.id, id))
    .limit(1);
  if (!row) throw new NotFound(TALK_MSG.review.notFound);
  return toReview(row);
}

/**
 * The rated seller answers, once: a guarded UPDATE (no reply yet, not removed) decides, so two
 * replies at once cannot both land. When it changes nothing, a read says why.
 */
export async function replyToReview(
  db: Db,
  seller: AuthUser,
  id: string,
  req: ReviewReplyReq,
): Promise<Review> {
  if (!isUuid(id)) throw new NotFound(TALK_MSG.review.notFound);
  const replied = await db
    .update(reviews)
    .set({ reply: req.reply, repliedAt: sql`now()` })
    .where(
      and(
        eq(reviews.id, id),
        eq(reviews.sellerId, seller.id),
        isNull(reviews.reply),
        isNull(reviews.removedAt),
      ),
    )
    .returning({ id: reviews.id });
  if (replied.length === 0) {
    const [row] = await db
      .select({ sellerId: reviews.sellerId, removedAt: reviews.removedAt })
      .from(reviews)
      .where(eq(reviews.id, id))
      .limit(1);
    if (!row || row.removedAt) throw new NotFound(TALK_MSG.review.notFound);
    if (row.sellerId !== seller.id) throw new Forbidden(TALK_MSG.review.notYourReview);
    throw new Conflict(TALK_MSG.review.alreadyReplied);
  }
  return getReview(db, id);
}

/**
 * Anyone signed in reports a review to the admins, once (409 again); its own author may not (403).
 * A removed review is gone (404).
 */
export async function reportReview(db: Db, user: AuthUser, id: string, req: ReviewReportReq): Promise<void> {
  if (!isUuid(id)) throw new NotFound(TALK_MSG.review.notFound);
  await db.transaction(async (tx) => {
    await lockLiveAccount(tx, user.id);
    const [review] = await tx
      .select({ buyerId: reviews.buyerId })
      .from(reviews)
      .where(and(eq(reviews.id, id), isNull(reviews.removedAt)))
      .limit(1);
    if (!review) throw new NotFound(TALK_MSG.review.notFound);
    if (review.buyerId === user.id) throw new Forbidden(TALK_MSG.review.ownReview);
    const [row] = await tx
      .insert(reviewReports)
      .values({ reviewId: id, reporterId: user.id, reason: req.reason })
      .onConflictDoNothing()
      .returning({ id: reviewReports.reviewId });
    if (!row) throw new Conflict(TALK_MSG.review.alreadyReported);
  });
}

/** `GET /api/sellers/:id/reviews`: the seller's counted reviews, newest first (through reviews_seller_feed_idx). */
export async function sellerReviews(
  db: Db,
  sellerId: string,
  q: { cursor?: string | undefined; limit: number },
): Promise<ReviewsPage> {
  if (!isUuid(sellerId)) throw new NotFound(MSG.listing.sellerNotFound);
  const cursor = decodeCursor(q.cursor);
  const rows = await db
    .select({ ...reviewColumns(), createdAtText: sql<string>`${reviews.createdAt}::text` })
    .from(reviews)
    .innerJoin(users, reviewerJoin())
    .leftJoin(images, personPhotoJoin())
    .where(
      and(
        eq(reviews.sellerId, sellerId),
        isNull(reviews.removedAt),
        beforeCursor(reviews.createdAt, reviews.id, cursor),
      ),
    )
    .orderBy(desc(reviews.createdAt), desc(reviews.id))
    .limit(q.limit + 1);
  const page = toPage(rows, q.limit, (r) => ({ createdAt: r.createdAtText, id: r.id }));
  return { items: page.items.map(toReview), nextCursor: page.nextCursor };
}

/** The buyer's ratings by order (My orders shows "You rated …" instead of the form). */
export async function myRatings(db: Db, buyer: AuthUser): Promise<MyRatings> {
  const rows = await db
    .select({ orderId: reviews.orderId, reviewId: reviews.id, stars: reviews.stars })
    .from(reviews)
    .where(eq(reviews.buyerId, buyer.id))
    .orderBy(desc(reviews.createdAt))
    .limit(1000);
  return { items: rows };
}

const seller = alias(users, "review_seller");
const reporter = alias(users, "review_reporter");

/** The admins' queue: reviews (not removed) with open reports, most recently reported first, each with every report. */
export async function reportedReviews(
  db: Db,
  q: { cursor?: string | undefined; limit: number },
): Promise<ReportedReviewsPage> {
  const cursor = decodeCursor(q.cursor);
  const lastReport = max(reviewReports.createdAt);
  const groups = await db
    .select({
      reviewId: reviewReports.reviewId,
      lastText: sql<string>`max(${reviewReports.createdAt})::text`,
    })
    .from(reviewReports)
    .innerJoin(reviews, eq(reviews.id, reviewReports.reviewId))
    .where(isNull(reviews.removedAt))
    .groupBy(reviewReports.reviewId)
    .having(
      cursor
        ? sql`(${lastReport}, ${reviewReports.reviewId}) < (${cursor.createdAt}::timestamptz, ${cursor.id}::uuid)`
        : undefined,
    )
    .orderBy(desc(lastReport), desc(reviewReports.reviewId))
    .limit(q.limit + 1);
  const page = toPage(groups, q.limit, (g) => ({ createdAt: g.lastText, id: g.reviewId }));
  const ids = page.items.map((g) => g.reviewId);
  if (ids.length === 0) return { items: [], nextCursor: null };
  const [rows, reports] = await Promise.all([
    db
      .select({
        ...reviewColumns(),
        buyerId: users.id,
        buyerEmail: users.email,
        sellerName: seller.name,
        sellerEmail: seller.email,
      })
      .from(reviews)
      .innerJoin(users, reviewerJoin())
      .leftJoin(images, personPhotoJoin())
      .innerJoin(seller, eq(seller.id, reviews.sellerId))
      .where(inArray(reviews.id, ids)),
    db
      .select({
        reviewId: reviewReports.reviewId,
        reason: reviewReports.reason,
        createdAt: reviewReports.createdAt,
        reporterId: reporter.id,
        reporterName: reporter.name,
        reporterEmail: reporter.email,
      })
      .from(reviewReports)
      .innerJoin(reporter, eq(reporter.id, reviewReports.reporterId))
      .where(inArray(reviewReports.reviewId, ids))
      .orderBy(desc(reviewReports.createdAt)),
  ]);
  const byId = new Map(rows.map((r) => [r.id, r]));
  return {
    items: ids.flatMap((id) => {
      const r = byId.get(id);
      if (!r) return [];
      return [
        {
          review: toReview(r),
          seller: { id: r.sellerId, name: r.sellerName, email: r.sellerEmail },
          buyer: { id: r.buyerId, name: r.reviewerName, email: r.buyerEmail },
          reports: reports
            .filter((p) => p.reviewId === id)
            .map((p) => ({
              reason: p.reason,
              reportedAt: p.createdAt.toISOString(),
              reporter: { id: p.reporterId, name: p.reporterName, email: p.reporterEmail },
            })),
        },
      ];
    }),
    nextCursor: page.nextCursor,
  };
}

/**
 * An admin removes a review: it no longer shows or counts. Marked removed (not deleted: the order
 * stays rated, so its buyer cannot rate again), taken out of its seller's rating in the same
 * transaction, its reports closed. Removing it twice is a 404, as the review is gone.
 */
export async function removeReview(db: Db, id: string): Promise<void> {
  if (!isUuid(id)) throw new NotFound(TALK_MSG.review.notFound);
  await db.transaction(async (tx) => {
    const [row] = await tx
      .update(reviews)
      .set({ removedAt: sql`now()` })
      .where(and(eq(reviews.id, id), isNull(reviews.removedAt)))
      .returning({ sellerId: reviews.sellerId, stars: reviews.stars });
    if (!row) throw new NotFound(TALK_MSG.review.notFound);
    await countInRating(tx, row.sellerId, row.stars, -1);
    await tx.delete(reviewReports).where(eq(reviewReports.reviewId, id));
  });
}

/** The reports were unfounded: clear them; the review stays. */
export async function dismissReviewReports(db: Db, id: string): Promise<void> {
  if (!isUuid(id)) throw new NotFound(TALK_MSG.review.notFound);
  const cleared = await db
    .delete(reviewReports)
    .where(eq(reviewReports.reviewId, id))
    .returning({ id: reviewReports.reviewId });
  if (cleared.length === 0) throw new NotFound(TALK_MSG.review.nothingToDismiss);
}
