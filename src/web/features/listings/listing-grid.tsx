import { LIST_CARD_SIZES } from "#shared/image-sizes.ts";
import type { Listing } from "#shared/schemas/listings.ts";
import { useTexts } from "#web/lib/i18n.tsx";
import { LISTING_PAGES_TEXT } from "#web/texts/listings.ts";
import { ListingCard } from "./listing-card.tsx";

/** One column of horizontal cards on phones, then two, three, four columns as the screen widens. */
const GRID = "grid grid-cols-1 gap-3 sm:grid-cols-2 sm:gap-6 xl:grid-cols-3 2xl:grid-cols-4";
/** The most cards a first screen holds: their photos should not wait for layout. */
const FIRST_SCREEN = 4;
const SKELETONS = ["a", "b", "c", "d", "e", "f"];
/*
 * No `content-visibility: auto` on the cards below the first screen, though it saved a little layout
 * while a page loads (issue 12): a card not yet shown counted at its reserved size (120 px on a phone
 * for a 178 px card), so Back to a long list restored the right scroll offset on a list 58 px shorter
 * per card above it, far below the bike the person left, at the footer on a long list, where the next
 * pages then loaded by themselves (issue 22).
 */
/** The bikes of a search or a seller's page, as compact cards. */
export function ListingGrid({ listings }: { listings: Listing[] }) {
  return (
    <ul className={GRID}>
      {listings.map((listing, i) => (
        <li key={listing.id}>
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
  const T = useTexts(LISTING_PAGES_TEXT).listingPages.common;
  return (
    <div role="status" aria-label={T.loadingBikes} className={GRID}>
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
