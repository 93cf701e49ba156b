import { Scale, TrendingDown, TrendingUp } from "lucide-react";
import { formatTaka } from "#shared/format.ts";
import { MSG } from "#shared/messages.ts";
import type { PriceHint as PriceHintData } from "#shared/schemas/listings.ts";

/** The sentence for where the asking price sits among comparable bikes. */
export function priceHintText(hint: PriceHintData): string {
  const typical = formatTaka(hint.typicalPrice);
  switch (hint.verdict) {
    case "below":
      return MSG.listing.priceBelow(formatTaka(-hint.difference), typical, hint.comparables);
    case "above":
      return MSG.listing.priceAbove(formatTaka(hint.difference), typical, hint.comparables);
    default:
      return MSG.listing.priceAbout(typical, hint.comparables);
  }
}

const looks = {
  below: { icon: TrendingDown, className: "alert-success" },
  about: { icon: Scale, className: "alert-info" },
  above: { icon: TrendingUp, className: "alert-warning" },
} as const;

/** "Is the price fair?": nothing when the server found too few comparable bikes to say (null). */
export function PriceHint({ hint }: { hint: PriceHintData | null | undefined }) {
  if (!hint) return null;
  const { icon: Icon, className } = looks[hint.verdict];
  return (
    <p className={`alert alert-soft ${className} py-2 text-sm`}>
      <Icon className="size-5 shrink-0" aria-hidden="true" />
      <span>
        <span className="sr-only">Price check: </span>
        {priceHintText(hint)}
      </span>
    </p>
  );
}
