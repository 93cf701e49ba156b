import type { ReactNode } from "react";
import type { Listing } from "#shared/schemas/listings.ts";
import { useTexts } from "#web/lib/i18n.tsx";
import { LISTING_PAGES_TEXT } from "#web/texts/listings.ts";
import { useAdvertisedListings } from "./api/get-advertised-listings.ts";
import { ListingCard } from "./listing-card.tsx";

type AdvertisedListingsProps = {
  /** What a visitor can do from each card (the app composes booking in). */
  actions?: (listing: Listing) => ReactNode;
};

/**
 * The home page's advertised bikes that are still for sale. A promotion, not the catalogue: while
 * it loads, when there are none, or when it cannot be fetched, the section is simply not there, and
 * the categories below it lead to every bike.
 */
export function AdvertisedListings({ actions }: AdvertisedListingsProps) {
  const T = useTexts(LISTING_PAGES_TEXT).listingPages.advertised;
  const { data } = useAdvertisedListings();
  const listings = data?.items ?? [];
  if (listings.length === 0) return null;
  return (
    <section aria-labelledby="advertised-heading" className="space-y-4">
      <div>
        <h2 id="advertised-heading" className="text-2xl font-bold sm:text-3xl">
          {T.heading}
        </h2>
        <p className="mt-1 text-base-content/70">{T.hint}</p>
      </div>
      <ul className="grid grid-cols-1 gap-6 sm:grid-cols-2 lg:grid-cols-3 xl:grid-cols-4">
        {listings.map((listing) => (
          <li key={listing.id}>
            <ListingCard
              listing={listing}
              headingLevel={3}
              // Below 640 px the card is compact: its photo is two fifths of the screen, not all of it.
              sizes="(min-width: 1440px) 340px, (min-width: 1280px) 25vw, (min-width: 1024px) 33vw, (min-width: 640px) 50vw, 40vw"
              actions={actions?.(listing)}
            />
          </li>
        ))}
      </ul>
    </section>
  );
}
