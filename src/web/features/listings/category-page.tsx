import { Bike } from "lucide-react";
import { useParams } from "react-router";
import { categoryLabel } from "#shared/categories.ts";
import { MSG } from "#shared/messages.ts";
import { EmptyState } from "#web/components/empty-state.tsx";
import { ListFrame } from "#web/components/list-frame.tsx";
import { ApiError } from "#web/lib/api-client.ts";
import { useListings } from "./api/get-listings.ts";
import { ListingCard } from "./listing-card.tsx";
import { AllBikesLink, ListingsNotFound } from "./listings-not-found.tsx";

const GRID = "grid grid-cols-1 gap-6 sm:grid-cols-2 xl:grid-cols-3 2xl:grid-cols-4";
const CARD_SIZES = "(min-width: 1536px) 300px, (min-width: 1280px) 30vw, (min-width: 640px) 45vw, 100vw";
/** The most cards a row holds: their photos are in the first screenful. */
const FIRST_ROW = 4;
const SKELETONS = ["a", "b", "c", "d", "e", "f"];

/** `/products/:category`: the bikes of one category (or `all`), newest first, more as you scroll. */
export default function CategoryPage() {
  const { category = "all" } = useParams();
  const query = useListings(category);
  const label = category === "all" ? "All bikes" : categoryLabel(category);

  if (query.error instanceof ApiError && query.error.status === 404) {
    return (
      <ListingsNotFound pageTitle="Category not found" heading={MSG.listing.unknownCategory}>
        Pick a category from the list, or browse every bike.
      </ListingsNotFound>
    );
  }

  return (
    <section className="flex flex-col gap-6">
      <title>{`${label} — MotoHaat`}</title>
      <h1 className="text-2xl font-bold sm:text-3xl">{label}</h1>
      <ListFrame
        query={query}
        loading={
          <div role="status" aria-label="Loading bikes" className={GRID}>
            {SKELETONS.map((k) => (
              <div key={k} className="flex flex-col gap-4 rounded-box border border-base-300 p-0">
                <div className="skeleton aspect-[4/3] w-full rounded-b-none" />
                <div className="flex flex-col gap-3 px-5 pb-5">
                  <div className="skeleton h-6 w-2/3" />
                  <div className="skeleton h-4 w-full" />
                  <div className="skeleton h-4 w-5/6" />
                  <div className="skeleton h-4 w-3/4" />
                </div>
              </div>
            ))}
          </div>
        }
        empty={
          <EmptyState
            title={MSG.listing.empty(category === "all" ? "any category" : label)}
            icon={<Bike className="size-10" />}
            action={category === "all" ? undefined : <AllBikesLink />}
          >
            New bikes are listed every day; check back soon.
          </EmptyState>
        }
      >
        {(listings) => (
          <ul className={GRID}>
            {listings.map((listing, i) => (
              <li key={listing.id}>
                <ListingCard
                  listing={listing}
                  sizes={CARD_SIZES}
                  photoLoading={i < FIRST_ROW ? "eager" : "lazy"}
                />
              </li>
            ))}
          </ul>
        )}
      </ListFrame>
    </section>
  );
}
