import { Bike } from "lucide-react";
import { EmptyState } from "#web/components/empty-state.tsx";
import { ListFrame } from "#web/components/list-frame.tsx";
import { queryKeys } from "#web/lib/query-keys.ts";
import { useListings } from "./api/get-listings.ts";
import { ListingGrid, ListingGridSkeleton } from "./listing-grid.tsx";

/** The query of a seller's bikes (a page composing others below them waits for its first answer). */
export const sellerListingsKey = (sellerId: string) =>
  queryKeys.listings.list({ category: "all", seller: sellerId });

/** A seller's bikes for sale on their public page, newest first, more as you scroll. */
export function SellerListings({ sellerId }: { sellerId: string }) {
  const query = useListings({ category: "all", seller: sellerId });
  return (
    <section aria-labelledby="seller-listings-heading" className="flex flex-col gap-4">
      <h2 id="seller-listings-heading" className="text-xl font-bold">
        Bikes for sale
      </h2>
      <ListFrame
        query={query}
        loading={<ListingGridSkeleton />}
        empty={
          <EmptyState title="No bikes for sale right now" icon={<Bike className="size-10" />}>
            Sold bikes leave this list; check back for new ones.
          </EmptyState>
        }
      >
        {(listings) => <ListingGrid listings={listings} />}
      </ListFrame>
    </section>
  );
}
