import { Bike } from "lucide-react";
import { EmptyState } from "#web/components/empty-state.tsx";
import { ListFrame } from "#web/components/list-frame.tsx";
import { useTexts } from "#web/lib/i18n.tsx";
import { queryKeys } from "#web/lib/query-keys.ts";
import { LISTING_PAGES_TEXT } from "#web/texts/listings.ts";
import { useListings } from "./api/get-listings.ts";
import { ListingGrid, ListingGridSkeleton } from "./listing-grid.tsx";

/** The query of a seller's bikes (a page composing others below them waits for its first answer). */
export const sellerListingsKey = (sellerId: string) =>
  queryKeys.listings.list({ category: "all", seller: sellerId });

/** A seller's bikes for sale on their public page, newest first, more as you scroll. */
export function SellerListings({ sellerId }: { sellerId: string }) {
  const T = useTexts(LISTING_PAGES_TEXT).listingPages.sellerListings;
  const query = useListings({ category: "all", seller: sellerId });
  return (
    <section aria-labelledby="seller-listings-heading" className="flex flex-col gap-4">
      <h2 id="seller-listings-heading" className="text-xl font-bold">
        {T.heading}
      </h2>
      <ListFrame
        query={query}
        loading={<ListingGridSkeleton />}
        empty={
          <EmptyState title={T.empty} icon={<Bike className="size-10" />}>
            {T.emptyHint}
          </EmptyState>
        }
      >
        {(listings) => <ListingGrid listings={listings} />}
      </ListFrame>
    </section>
  );
}
