import { Bike } from "lucide-react";
import { useParams } from "react-router";
import { LISTING_FILTER_KEYS } from "#shared/listing-filters.ts";
import { MSG } from "#shared/messages.ts";
import { EmptyState } from "#web/components/empty-state.tsx";
import { ListFrame } from "#web/components/list-frame.tsx";
import { PageTitle } from "#web/components/page-title.tsx";
import { DrawerButton } from "#web/components/side-drawer.tsx";
import { ApiError } from "#web/lib/api-client.ts";
import { useTexts } from "#web/lib/i18n.tsx";
import { usePlaceNames } from "#web/lib/place-names.ts";
import { LISTING_PAGES_TEXT } from "#web/texts/listings.ts";
import { useListings } from "./api/get-listings.ts";
import { bikeCount, ClearFiltersButton, SearchBox, SortSelect } from "./listing-filters.tsx";
import { ListingGrid, ListingGridSkeleton } from "./listing-grid.tsx";
import { AllBikesLink, ListingsNotFound } from "./listings-not-found.tsx";
import { NoMatches } from "./no-matches.tsx";
import { hasFilters, useListingFilters } from "./use-listing-filters.ts";

type CategoryTexts = typeof LISTING_PAGES_TEXT.listingPages;

/** A 400 names the bad query fields: said with the filters' own names ("Min price: give a whole number"). */
function badFilterMessage(T: CategoryTexts, error: ApiError): string {
  const fields = Object.entries(error.fieldErrors);
  if (fields.length === 0) return error.message;
  return fields
    .map(([field, message]) => {
      const label = LISTING_FILTER_KEYS.find((k) => k === field);
      return `${label ? T.filters.labels[label] : field}: ${message}`;
    })
    .join("; ");
}

/**
 * `/products/:category`: the bikes of one category (or `all`), narrowed by the search, filters and
 * sort in the URL's query, newest first by default, more as you scroll.
 */
export default function CategoryPage() {
  const T = useTexts(LISTING_PAGES_TEXT).listingPages;
  const msg = useTexts(MSG);
  const { category = "all" } = useParams();
  const { filters } = useListingFilters();
  const query = useListings({ category, ...filters });
  const places = usePlaceNames();
  const label = category === "all" ? T.common.allBikes : places.category(category);
  const filtered = hasFilters(filters);
  const firstPage = query.data?.pages[0];

  if (query.error instanceof ApiError && query.error.status === 404) {
    return (
      <>
        <DrawerButton />
        <ListingsNotFound pageTitle={T.categoryPage.notFoundTitle} heading={msg.listing.unknownCategory}>
          {T.categoryPage.notFoundHint}
        </ListingsNotFound>
      </>
    );
  }

  // A 400 on the first page is the link's filters; on a later page (a stale cursor) the list stays
  // and ListFrame says so where the next page would be.
  const badFilters =
    query.error instanceof ApiError && query.error.status === 400 && !query.isFetchNextPageError
      ? query.error
      : null;

  return (
    // Tight on a phone, so the first screen shows two whole bikes below the controls.
    <section className="flex flex-col gap-3 sm:gap-4">
      <PageTitle description={T.categoryPage.description(label)}>
        {category === "all" ? T.categoryPage.allTitle : T.categoryPage.title(label)}
      </PageTitle>
      <div className="flex flex-wrap items-baseline gap-x-3">
        <h1 className="text-xl font-bold sm:text-3xl">{label}</h1>
        {/* Announced as it changes, so a screen reader hears what a filter did. */}
        <p aria-live="polite" className="text-sm font-semibold text-base-content/70" id="listing-count">
          {firstPage && !badFilters ? bikeCount(T.filters, firstPage.total, firstPage.totalIsCapped) : null}
        </p>
      </div>
      {/* A phone: the search, then Filters and Sort on one row; a large screen: the search and Sort. */}
      <div className="flex flex-wrap items-center gap-x-2 gap-y-3 sm:gap-x-4">
        <div className="w-full lg:w-auto lg:flex-1">
          <SearchBox />
        </div>
        <DrawerButton />
        <div className="ms-auto">
          <SortSelect />
        </div>
      </div>
      {badFilters ? (
        <div role="alert" className="alert alert-error alert-soft flex flex-wrap justify-between gap-3">
          <span>{`${msg.listing.badFilters} ${badFilterMessage(T, badFilters)}`}</span>
          <ClearFiltersButton className="btn-sm" />
        </div>
      ) : (
        <div aria-busy={query.isPlaceholderData} className={query.isPlaceholderData ? "opacity-60" : ""}>
          <ListFrame
            query={query}
            loading={<ListingGridSkeleton />}
            empty={
              filtered ? (
                <NoMatches category={category} filters={filters} />
              ) : (
                <EmptyState
                  title={msg.listing.empty(category === "all" ? T.categoryPage.anyCategory : label)}
                  icon={<Bike className="size-10" />}
                  action={category === "all" ? undefined : <AllBikesLink />}
                >
                  {T.categoryPage.emptyHint}
                </EmptyState>
              )
            }
          >
            {(listings) => <ListingGrid listings={listings} />}
          </ListFrame>
        </div>
      )}
    </section>
  );
}
