import { type ReactNode, useId } from "react";
import { Link } from "react-router";
import { MSG } from "#shared/messages.ts";
import type { Listing } from "#shared/schemas/listings.ts";
import { Img } from "#web/components/img.tsx";
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
  const titleId = useId();
  const Heading = headingLevel === 2 ? "h2" : "h3";
  const sold = listing.status === "sold";
  return (
    <article
      aria-labelledby={titleId}
      className="card relative h-full border border-base-300 bg-base-100 shadow-sm transition-shadow focus-within:shadow-md hover:shadow-md"
    >
      <figure className="relative aspect-[4/3] bg-base-200">
        <Img
          image={listing.photo}
          alt={listing.model}
          sizes={sizes}
          loading={photoLoading}
          className="absolute inset-0 size-full object-cover"
        />
        {sold ? (
          <span className="badge badge-error absolute top-3 left-3 font-semibold shadow">
            {MSG.listing.stockOut}
          </span>
        ) : null}
      </figure>
      <div className="card-body gap-4 p-5">
        <div className="flex flex-wrap items-start justify-between gap-2">
          <Heading id={titleId} className="card-title min-w-0 text-lg break-words">
            <Link
              to={paths.productDetails.getHref(listing.id)}
              className="link link-hover after:absolute after:inset-0 after:rounded-box"
            >
              {listing.model}
            </Link>
          </Heading>
          <span className="badge badge-secondary badge-outline">{listing.brand}</span>
        </div>
        <ListingFacts listing={listing} className="text-sm" />
        <div className="mt-auto flex flex-wrap items-center justify-between gap-3 border-t border-base-300 pt-4">
          <p className="flex min-w-0 items-center gap-1 text-sm">
            <span className="text-base-content/70">Seller</span>
            <span className="truncate font-medium">{listing.seller.name}</span>
            {listing.seller.verified ? <VerifiedTick className="size-4" /> : null}
          </p>
          {actions ? <div className="relative z-10">{actions}</div> : null}
        </div>
      </div>
    </article>
  );
}
