import { Scale, TrendingDown, TrendingUp } from "lucide-react";
import { MSG } from "#shared/messages.ts";
import type { PriceHint as PriceHintData } from "#shared/schemas/listings.ts";
import { useFormat, useTexts } from "#web/lib/i18n.tsx";
import { LISTING_PAGES_TEXT } from "#web/texts/listings.ts";

/** The sentence for where the asking price sits among comparable bikes, in `msg`'s language. */
export function priceHintText(
  hint: PriceHintData,
  msg: typeof MSG,
  format: ReturnType<typeof useFormat>,
): string {
  const typical = format.taka(hint.typicalPrice);
  switch (hint.verdict) {
    case "below":
      return msg.listing.priceBelow(format.taka(-hint.difference), typical, hint.comparables);
    case "above":
      return msg.listing.priceAbove(format.taka(hint.difference), typical, hint.comparables);
    default:
      return msg.listing.priceAbout(typical, hint.comparables);
  }
}

const looks = {
  below: { icon: TrendingDown, className: "alert-success" },
  about: { icon: Scale, className: "alert-info" },
  above: { icon: TrendingUp, className: "alert-warning" },
} as const;

/** "Is the price fair?": nothing when the server found too few comparable bikes to say (null). */
export function PriceHint({ hint }: { hint: PriceHintData | null | undefined }) {
  const T = useTexts(LISTING_PAGES_TEXT).listingPages.details;
  const msg = useTexts(MSG);
  const format = useFormat();
  if (!hint) return null;
  const { icon: Icon, className } = looks[hint.verdict];
  return (
    <p className={`alert alert-soft ${className} py-2 text-sm`}>
      <Icon className="size-5 shrink-0" aria-hidden="true" />
      <span>
        <span className="sr-only">{T.priceCheck}</span>
        {priceHintText(hint, msg, format)}
      </span>
    </p>
  );
}
