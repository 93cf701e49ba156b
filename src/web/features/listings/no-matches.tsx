import { SearchX, X } from "lucide-react";
import { Link, useSearchParams } from "react-router";
import { DISTRICTS } from "#shared/districts.ts";
import { formatNumber, formatTaka } from "#shared/format.ts";
import { LISTING_FILTER_KEYS } from "#shared/listing-filters.ts";
import { MSG } from "#shared/messages.ts";
import type { NearbySearch } from "#shared/schemas/listings.ts";
import { EmptyState } from "#web/components/empty-state.tsx";
import { useNearbySearches } from "./api/get-nearby-searches.ts";
import { bikeCount, ClearFiltersButton, FLAG_FILTERS } from "./listing-filters.tsx";
import {
  FILTER_LABELS,
  type FilterKey,
  type ListingFilters,
  useListingFilters,
  withFilter,
} from "./use-listing-filters.ts";

/** How a value of `key` reads: "৳1,50,000", "Dhaka", "20,000 km". */
function valueText(key: FilterKey, value: string): string {
  const n = Number(value);
  switch (key) {
    case "minPrice":
    case "maxPrice":
      return formatTaka(n);
    case "minCc":
    case "maxCc":
      return `${formatNumber(n)} cc`;
    case "maxKm":
      return `${formatNumber(n)} km`;
    case "district":
      return DISTRICTS.find((d) => d.slug === value)?.label ?? value;
    case "q":
      return `“${value}”`;
    default:
      return value;
  }
}

/** A filter as set: "Max price: ৳1,50,000", "District: Dhaka", "Verified sellers only". */
export function filterText(key: FilterKey, value: string): string {
  // A yes/no filter reads as its checkbox does.
  const flag = FLAG_FILTERS.find((f) => f.key === key);
  return flag ? flag.label : `${FILTER_LABELS[key]}: ${valueText(key, value)}`;
}

/** What one nearby search changes, in the buyer's words: "Up to ৳1,80,000", "In every district". */
function changeText({ key, value }: NearbySearch, filters: ListingFilters): string {
  if (value !== null) return `${key === "maxPrice" ? "Up to" : "From"} ${valueText(key, value)}`;
  switch (key) {
    case "district":
      return "In every district";
    case "brand":
      return "Any brand";
    case "verified":
      return "Sellers not yet verified too";
    case "negotiable":
      return "Fixed prices too";
    case "q":
      return `Any model, not only ${valueText("q", filters.q ?? "")}`;
    default:
      return `Without ${filterText(key, filters[key] ?? "")}`;
  }
}

/**
 * A search that found nothing: each filter as a chip that removes it alone, and the nearest searches
 * that find something (the price 20 % wider, a filter left out) with how many bikes each finds.
 */
export function NoMatches({ category, filters }: { category: string; filters: ListingFilters }) {
  const [params] = useSearchParams();
  const { setFilter } = useListingFilters();
  const nearby = useNearbySearches({ category, ...filters });
  const set = LISTING_FILTER_KEYS.filter((key) => key !== "sort" && filters[key] !== undefined);
  const searches = nearby.data?.searches ?? [];

  return (
    <EmptyState
      title={MSG.listing.noMatches}
      icon={<SearchX className="size-10" />}
      action={<ClearFiltersButton className="btn-outline btn-sm" />}
    >
      <div className="flex flex-col gap-5">
        <p>Try fewer filters, a wider price range or another spelling.</p>
        <section aria-labelledby="remove-one-filter" className="flex flex-col gap-2">
          <h3 id="remove-one-filter" className="text-sm font-semibold text-base-content">
            {MSG.listing.removeOneFilter}
          </h3>
          <ul className="flex flex-wrap justify-center gap-2">
            {set.map((key) => {
              const text = filterText(key, filters[key] ?? "");
              return (
                <li key={key}>
                  <button
                    type="button"
                    className="btn btn-sm rounded-full font-normal"
                    aria-label={MSG.listing.removeFilter(text)}
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
              {MSG.listing.nearbyHeading}
            </h3>
            {nearby.isPending ? (
              <span
                role="status"
                aria-label={MSG.listing.nearbyLoading}
                className="loading loading-dots loading-sm mx-auto"
              />
            ) : nearby.isError ? (
              <p role="alert" className="text-sm">
                {MSG.listing.nearbyFailed}{" "}
                <button type="button" className="link" onClick={() => void nearby.refetch()}>
                  Try again
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
                      {changeText(search, filters)}
                    </Link>{" "}
                    <span className="text-sm">({bikeCount(search.total, search.totalIsCapped)})</span>
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
