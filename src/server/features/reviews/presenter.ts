/** A review as the API shows it: the one select (the reviewer's name and photo joined) and the one mapping. */
import { eq } from "drizzle-orm";
import { images, reviews, users } from "#server/db/schema.ts";
import { toImage } from "#server/images/store.ts";
import type { Review } from "#shared/schemas/reviews.ts";

/** Read with `.innerJoin(users, reviewerJoin()).leftJoin(images, personPhotoJoin())` (people's presenter). */
export function reviewColumns() {
  return {
    id: reviews.id,
    sellerId: reviews.sellerId,
    stars: reviews.stars,
    comment: reviews.comment,
    reply: reviews.reply,
    repliedAt: reviews.repliedAt,
    createdAt: reviews.createdAt,
    reviewerName: users.name,
    photoKey: images.key,
    photoWidth: images.width,
    photoHeight: images.height,
  };
}

/** The reviewer is the order's buyer. */
export function reviewerJoin() {
  return eq(users.id, reviews.buyerId);
}

type ReviewRow = {
  id: string;
  sellerId: string;
  stars: number;
  comment: string | null;
  reply: string | null;
  repliedAt: Date | null;
  createdAt: Date;
  reviewerName: string;
  photoKey: string | null;
  photoWidth: number | null;
  photoHeight: number | null;
};

/** "Karim Uddin" → "Karim": anyone reads who rated, not enough to find them (decision 015). */
export function firstName(name: string): string {
  return name.trim().split(/\s+/)[0] ?? "";
}

export function toReview(r: ReviewRow): Review {
  return {
    id: r.id,
    sellerId: r.sellerId,
    stars: r.stars,
    comment: r.comment,
    reply: r.reply,
    repliedAt: r.repliedAt?.toISOString() ?? null,
    createdAt: r.createdAt.toISOString(),
    reviewer: {
      firstName: firstName(r.reviewerName),
      photo: r.photoKey
        ? toImage({ key: r.photoKey, width: r.photoWidth ?? 0, height: r.photoHeight ?? 0 })
        : null,
    },
  };
}
