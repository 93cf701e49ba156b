import { MapPin } from "lucide-react";
import type { ReactNode } from "react";
import { Link } from "react-router";
import { MSG } from "#shared/messages.ts";
import type { Listing } from "#shared/schemas/listings.ts";
import { BikeCard } from "#web/components/bike-card.tsx";
import { useCardCorner } from "#web/components/card-corner.tsx";
import { Price } from "#web/components/price.tsx";
import { SellerRatingBadge } from "#web/components/seller-rating.tsx";
import { VerifiedTick } from "#web/components/verified-tick.tsx";
import { paths } from "#web/config/paths.ts";
import { useFormat, useTexts } from "#web/lib/i18n.tsx";
import { usePlaceNames } from "#web/lib/place-names.ts";
import { LISTING_PAGES_TEXT } from "#web/texts/listings.ts";
import { plainNumber } from "./plain-number.ts";

type ListingCardProps = {
  listing: Listing;
  /** What the visitor can do from the card itself, e.g. book the bike (composed by the app). */
  actions?: ReactNode;
  /** The card's title level: 2 under a page heading, 3 under a section heading. */
  headingLevel?: 2 | 3;
  /** How wide the card's photo is drawn at each screen width, for the browser's pick from srcSet. */
  sizes?: string;
  /** "eager" for cards in the first screenful, whose photos should not wait for layout. */
  photoLoading?: "lazy" | "eager";
  /** The first card of a list: its photo is likely the page's largest paint, so eager and fetched first. */
  priority?: boolean;
};

/**
 * One bike in a list, compact so a phone shows several at once: cover photo, model, price, brand,
 * year, km and district, then the seller. The title links to the details page and its click area covers
 * the whole card; the seller's link and the actions sit above that area so they stay clickable.
 */
export function ListingCard({
  listing,
  actions,
  headingLevel = 2,
  photoLoading = "lazy",
  priority = false,
  sizes = "(min-width: 1280px) 22vw, (min-width: 1024px) 30vw, (min-width: 640px) 50vw, 40vw",
}: ListingCardProps) {
  const T = useTexts(LISTING_PAGES_TEXT).listingPages;
  const msg = useTexts(MSG);
  const format = useFormat();
  const places = usePlaceNames();
  const { seller } = listing;
  // The saved-bikes heart, when the app provides one (src/web/components/card-corner.tsx).
  const corner = useCardCorner(listing);
  return (
    <BikeCard
      layout="compact"
      corner={corner}
      photo={listing.photo}
      model={listing.model}
      title={
        <Link
          to={paths.listingDetails.getHref(listing.id)}
          className="link link-hover after:absolute after:inset-0 after:rounded-box"
        >
          {listing.model}
        </Link>
      }
      overlay={
        listing.status === "sold" ? (
          <span className="badge badge-error badge-sm absolute top-2 left-2 font-semibold shadow sm:badge-md">
            {msg.listing.stockOut}
          </span>
        ) : null
      }
      headingLevel={headingLevel}
      sizes={sizes}
      photoLoading={priority ? "eager" : photoLoading}
      photoFetchPriority={priority ? "high" : undefined}
      className="relative transition-shadow focus-within:shadow-md hover:shadow-md"
    >
      <p className="text-lg font-bold text-primary">
        <Price amount={listing.askingPrice} />
      </p>
      <p className="text-sm">
        {/* A no-break space: on a phone's narrow card "km" does not wrap away from its number. */}
        {[
          listing.brand,
          plainNumber(listing.year, format.locale),
          T.common.kmTight(format.number(listing.kmRun)),
        ].join(" · ")}
      </p>
      <p className="flex min-w-0 items-center gap-1 text-sm text-base-content/70">
        <MapPin className="size-3.5 shrink-0" aria-hidden="true" />
        <span className="truncate">{places.district(listing.district.slug)}</span>
      </p>
      <p className="mt-auto flex min-w-0 items-center gap-1 pt-1 text-sm">
        <span className="sr-only">{T.card.seller}</span>
        <Link
          to={paths.sellers.getHref(seller.id)}
          className="link link-hover relative z-10 truncate font-medium"
        >
          {seller.name}
        </Link>
        {seller.verified ? <VerifiedTick className="size-4" /> : null}
        <SellerRatingBadge rating={seller.rating} hideEmpty className="ms-1 shrink-0" />
      </p>
      {actions ? <div className="relative z-10 pt-2">{actions}</div> : null}
    </BikeCard>
  );
}
