import { LIST_CARD_SIZES } from "#shared/image-sizes.ts";
import type { Listing } from "#shared/schemas/listings.ts";
import { ListingCard } from "./listing-card.tsx";

/** One column of horizontal cards on phones, then two, three, four columns as the screen widens. */
const GRID = "grid grid-cols-1 gap-3 sm:grid-cols-2 sm:gap-6 xl:grid-cols-3 2xl:grid-cols-4";
/** The most cards a first screen holds: their photos should not wait for layout. */
const FIRST_SCREEN = 4;
const SKELETONS = ["a", "b", "c", "d", "e", "f"];
/**
 * Cards below the first screen are laid out and painted only as they near the viewport (a page holds
 * 20; a phone shows two): less main-thread work while the page loads (issue 12). The reserved size is
 * about a card's, and `auto` keeps each card's real size once it has been shown.
 */
const LATER =
  "[content-visibility:auto] [contain-intrinsic-size:auto_7.5rem] sm:[contain-intrinsic-size:auto_24rem]";

/** The bikes of a search or a seller's page, as compact cards. */
export function ListingGrid({ listings }: { listings: Listing[] }) {
  return (
    <ul className={GRID}>
      {listings.map((listing, i) => (
        <li key={listing.id} className={i < FIRST_SCREEN ? undefined : LATER}>
          <ListingCard
            listing={listing}
            sizes={LIST_CARD_SIZES}
            photoLoading={i < FIRST_SCREEN ? "eager" : "lazy"}
            priority={i === 0}
          />
        </li>
      ))}
    </ul>
  );
}

/** While the first page loads: shapes of the cards to come. */
export function ListingGridSkeleton() {
  return (
    <div role="status" aria-label="Loading bikes" className={GRID}>
      {SKELETONS.map((k) => (
        <div key={k} className="flex flex-row overflow-hidden rounded-box border border-base-300 sm:flex-col">
          <div className="skeleton h-28 w-2/5 shrink-0 rounded-none sm:aspect-[4/3] sm:h-auto sm:w-full" />
          <div className="flex flex-1 flex-col gap-2 p-3 sm:p-4">
            <div className="skeleton h-5 w-2/3" />
            <div className="skeleton h-5 w-1/3" />
            <div className="skeleton h-4 w-5/6" />
            <div className="skeleton h-4 w-1/2" />
          </div>
        </div>
      ))}
    </div>
  );
}
