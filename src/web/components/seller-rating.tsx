import { Star } from "lucide-react";
import { MSG } from "#shared/messages.ts";
import type { SellerRating } from "#shared/schemas/people.ts";

/** "4.5": the average as people read it (one decimal, "4.0" as "4"). */
export function formatAverage(average: number): string {
  return Number.isInteger(average) ? String(average) : average.toFixed(1);
}

/**
 * A seller's rating beside their name: a star, the average and the count, read by a screen reader as
 * "4.5 out of 5, 12 ratings". Nothing at all on a card for a seller nobody rated (`hideEmpty`); the
 * bike's and the seller's page say "No ratings yet".
 */
export function SellerRatingBadge({
  rating,
  hideEmpty = false,
  className = "",
}: {
  rating: SellerRating;
  hideEmpty?: boolean;
  className?: string;
}) {
  if (rating.count === 0) {
    return hideEmpty ? null : (
      <span className={`text-sm text-base-content/70 ${className}`}>{MSG.rating.noRatings}</span>
    );
  }
  const said = MSG.rating.average(formatAverage(rating.average), rating.count);
  return (
    <span className={`inline-flex items-center gap-1 text-sm ${className}`}>
      <Star className="size-4 shrink-0 fill-warning text-warning" aria-hidden="true" />
      <span aria-hidden="true">
        <span className="font-semibold">{formatAverage(rating.average)}</span>{" "}
        <span className="text-base-content/70">({rating.count})</span>
      </span>
      <span className="sr-only">{said}</span>
    </span>
  );
}

/** Five stars, `stars` of them filled: a review's stars, named "4 stars out of 5" as one image. */
export function StarRow({ stars, className = "" }: { stars: number; className?: string }) {
  return (
    <span
      role="img"
      aria-label={`${MSG.rating.starLabel(stars)} out of 5`}
      className={`inline-flex ${className}`}
    >
      {[1, 2, 3, 4, 5].map((n) => (
        <Star
          key={n}
          className={`size-4 ${n <= stars ? "fill-warning text-warning" : "text-base-content/30"}`}
          aria-hidden="true"
        />
      ))}
    </span>
  );
}
