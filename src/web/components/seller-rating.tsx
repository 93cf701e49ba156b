import { Star } from "lucide-react";
import { bengaliDigits } from "#shared/digits.ts";
import type { Locale } from "#shared/i18n/locales.ts";
import { MSG } from "#shared/messages.ts";
import type { SellerRating } from "#shared/schemas/people.ts";
import { useFormat, useTexts } from "#web/lib/i18n.tsx";
import { BROWSE_PAGES_TEXT } from "#web/texts/browse.ts";

/** "4.5": the average as people read it (one decimal, "4.0" as "4"); in Bangla with its digits ("৪.৫"). */
export function formatAverage(average: number, locale: Locale = "en"): string {
  const said = Number.isInteger(average) ? String(average) : average.toFixed(1);
  return locale === "bn" ? bengaliDigits(said) : said;
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
  const msg = useTexts(MSG).rating;
  const format = useFormat();
  if (rating.count === 0) {
    return hideEmpty ? null : (
      <span className={`text-sm text-base-content/70 ${className}`}>{msg.noRatings}</span>
    );
  }
  const average = formatAverage(rating.average, format.locale);
  const said = msg.average(average, rating.count);
  return (
    <span className={`inline-flex items-center gap-1 text-sm ${className}`}>
      <Star className="size-4 shrink-0 fill-warning text-warning" aria-hidden="true" />
      <span aria-hidden="true">
        <span className="font-semibold">{average}</span>{" "}
        <span className="text-base-content/70">{`(${format.number(rating.count)})`}</span>
      </span>
      <span className="sr-only">{said}</span>
    </span>
  );
}

/** Five stars, `stars` of them filled: a review's stars, named "4 stars out of 5" as one image. */
export function StarRow({ stars, className = "" }: { stars: number; className?: string }) {
  const msg = useTexts(MSG).rating;
  const T = useTexts(BROWSE_PAGES_TEXT).browsePages.common;
  return (
    <span role="img" aria-label={T.outOfFive(msg.starLabel(stars))} className={`inline-flex ${className}`}>
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
