import { SearchX, X } from "lucide-react";
import { Link, useSearchParams } from "react-router";
import { LISTING_FILTER_KEYS } from "#shared/listing-filters.ts";
import { MSG } from "#shared/messages.ts";
import type { NearbySearch } from "#shared/schemas/listings.ts";
import { EmptyState } from "#web/components/empty-state.tsx";
import { useFormat, useTexts } from "#web/lib/i18n.tsx";
import { usePlaceNames } from "#web/lib/place-names.ts";
import { LISTING_PAGES_TEXT } from "#web/texts/listings.ts";
import { useNearbySearches } from "./api/get-nearby-searches.ts";
import { bikeCount, ClearFiltersButton, FLAG_FILTERS } from "./listing-filters.tsx";
import { plainNumber } from "./plain-number.ts";
import { type FilterKey, type ListingFilters, useListingFilters, withFilter } from "./use-listing-filters.ts";

/** The words and the number formats a filter's chip is said with, in the page's language. */
type Say = {
  T: typeof LISTING_PAGES_TEXT.listingPages;
  format: ReturnType<typeof useFormat>;
  places: ReturnType<typeof usePlaceNames>;
};

/** How a value of `key` reads: "৳1,50,000", "Dhaka", "20,000 km". */
function valueText({ T, format, places }: Say, key: FilterKey, value: string): string {
  const n = Number(value);
  switch (key) {
    case "minPrice":
    case "maxPrice":
      return format.taka(n);
    case "minCc":
    case "maxCc":
      return T.common.cc(format.number(n));
    case "maxKm":
      return T.common.km(format.number(n));
    case "minYear":
    case "maxYear":
      return plainNumber(value, format.locale);
    case "district":
      return places.district(value);
    case "q":
      return `“${value}”`;
    default:
      return value;
  }
}

/** A filter as set: "Max price: ৳1,50,000", "District: Dhaka", "Verified sellers only". */
export function filterText(say: Say, key: FilterKey, value: string): string {
  const labels = say.T.filters.labels;
  // A yes/no filter reads as its checkbox does.
  const flag = FLAG_FILTERS.find((f) => f.key === key);
  return flag ? labels[key] : `${labels[key]}: ${valueText(say, key, value)}`;
}

/** What one nearby search changes, in the buyer's words: "Up to ৳1,80,000", "In every district". */
function changeText(say: Say, { key, value }: NearbySearch, filters: ListingFilters): string {
  const T = say.T.noMatches;
  if (value !== null) {
    const text = valueText(say, key, value);
    return key === "maxPrice" ? T.upTo(text) : T.from(text);
  }
  switch (key) {
    case "district":
      return T.everyDistrict;
    case "brand":
      return T.anyBrand;
    case "verified":
      return T.unverifiedToo;
    case "negotiable":
      return T.fixedPricesToo;
    case "q":
      return T.anyModel(valueText(say, "q", filters.q ?? ""));
    default:
      return T.without(filterText(say, key, filters[key] ?? ""));
  }
}

/**
 * A search that found nothing: each filter as a chip that removes it alone, and the nearest searches
 * that find something (the price 20 % wider, a filter left out) with how many bikes each finds.
 */
export function NoMatches({ category, filters }: { category: string; filters: ListingFilters }) {
  const T = useTexts(LISTING_PAGES_TEXT).listingPages;
  const msg = useTexts(MSG);
  const format = useFormat();
  const places = usePlaceNames();
  const say: Say = { T, format, places };
  const [params] = useSearchParams();
  const { setFilter } = useListingFilters();
  const nearby = useNearbySearches({ category, ...filters });
  const set = LISTING_FILTER_KEYS.filter((key) => key !== "sort" && filters[key] !== undefined);
  const searches = nearby.data?.searches ?? [];

  return (
    <EmptyState
      title={msg.listing.noMatches}
      icon={<SearchX className="size-10" />}
      action={<ClearFiltersButton className="btn-outline btn-sm" />}
    >
      <div className="flex flex-col gap-5">
        <p>{T.noMatches.hint}</p>
        <section aria-labelledby="remove-one-filter" className="flex flex-col gap-2">
          <h3 id="remove-one-filter" className="text-sm font-semibold text-base-content">
            {msg.listing.removeOneFilter}
          </h3>
          <ul className="flex flex-wrap justify-center gap-2">
            {set.map((key) => {
              const text = filterText(say, key, filters[key] ?? "");
              return (
                <li key={key}>
                  <button
                    type="button"
                    className="btn btn-sm rounded-full font-normal"
                    aria-label={msg.listing.removeFilter(text)}
                    onClick={() => setFilter(key, "")}
                  >
                    {text}
                    <X className="size-3.5" aria-hidden="true" />
                  </button>
                </li>
              );
            })}
          </ul>
        </section>
        {/* Nothing near at all: the section says nothing rather than "none". */}
        {nearby.isSuccess && searches.length === 0 ? null : (
          <section
            aria-labelledby="nearby-searches"
            className="flex flex-col gap-2"
            aria-busy={nearby.isPending}
          >
            <h3 id="nearby-searches" className="text-sm font-semibold text-base-content">
              {msg.listing.nearbyHeading}
            </h3>
            {nearby.isPending ? (
              <span
                role="status"
                aria-label={msg.listing.nearbyLoading}
                className="loading loading-dots loading-sm mx-auto"
              />
            ) : nearby.isError ? (
              <p role="alert" className="text-sm">
                {msg.listing.nearbyFailed}{" "}
                <button type="button" className="link" onClick={() => void nearby.refetch()}>
                  {T.common.tryAgain}
                </button>
              </p>
            ) : (
              <ul className="flex flex-col gap-1">
                {searches.map((search) => (
                  <li key={`${search.key}=${search.value}`}>
                    <Link
                      to={{ search: `?${withFilter(params, search.key, search.value ?? "")}` }}
                      preventScrollReset
                      className="link link-primary font-medium"
                    >
                      {changeText(say, search, filters)}
                    </Link>{" "}
                    <span className="text-sm">{`(${bikeCount(T.filters, search.total, search.totalIsCapped)})`}</span>
                  </li>
                ))}
              </ul>
            )}
          </section>
        )}
      </div>
    </EmptyState>
  );
}
