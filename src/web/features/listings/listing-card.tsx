import type { ReactNode } from "react";
import { Link } from "react-router";
import { MSG } from "#shared/messages.ts";
import type { Listing } from "#shared/schemas/listings.ts";
import { BikeCard } from "#web/components/bike-card.tsx";
import { VerifiedTick } from "#web/components/verified-tick.tsx";
import { paths } from "#web/config/paths.ts";
import { ListingFacts } from "./listing-facts.tsx";

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
};

/**
 * One bike in a grid. The title links to the details page and its click area covers the whole
 * card; the actions sit above that area so they stay clickable on their own.
 */
export function ListingCard({
  listing,
  actions,
  headingLevel = 2,
  photoLoading = "lazy",
  sizes = "(min-width: 1280px) 22vw, (min-width: 1024px) 30vw, (min-width: 640px) 50vw, 100vw",
}: ListingCardProps) {
  return (
    <BikeCard
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
      badge={<span className="badge badge-secondary badge-outline">{listing.brand}</span>}
      overlay={
        listing.status === "sold" ? (
          <span className="badge badge-error absolute top-3 left-3 font-semibold shadow">
            {MSG.listing.stockOut}
          </span>
        ) : null
      }
      headingLevel={headingLevel}
      sizes={sizes}
      photoLoading={photoLoading}
      className="relative transition-shadow focus-within:shadow-md hover:shadow-md"
    >
      <ListingFacts listing={listing} className="text-sm" />
      <div className="mt-auto flex flex-wrap items-center justify-between gap-3 border-t border-base-300 pt-4">
        <p className="flex min-w-0 items-center gap-1 text-sm">
          <span className="text-base-content/70">Seller</span>
          <span className="truncate font-medium">{listing.seller.name}</span>
          {listing.seller.verified ? <VerifiedTick className="size-4" /> : null}
        </p>
        {actions ? <div className="relative z-10">{actions}</div> : null}
      </div>
    </BikeCard>
  );
}
