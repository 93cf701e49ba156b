import { useCallback, useContext, useMemo } from "react";
import { UNSAFE_DataRouterContext, useSearchParams } from "react-router";
import { LISTING_FILTER_KEYS } from "#shared/listing-filters.ts";
import type { ListingSort } from "#shared/schemas/listings.ts";
import type { LISTING_PAGES_TEXT } from "#web/texts/listings.ts";

/** The filters' words (LISTING_PAGES_TEXT's `filters`): what a person calls each key is `labels[key]`. */
export type FilterTexts = typeof LISTING_PAGES_TEXT.listingPages.filters;

/**
 * A search's keys are LISTING_FILTER_KEYS, in the order they are sent to the API. The URL holds the
 * same keys with the API's names and values, so a shared link is the search itself and the back
 * button walks back through the searches.
 */
export type FilterKey = (typeof LISTING_FILTER_KEYS)[number];
export type ListingFilters = Partial<Record<FilterKey, string>>;

/** The sort orders, in the order the select offers them, named in the page's language. */
export function sortOptions(T: FilterTexts): { value: ListingSort; label: string }[] {
  return [
    { value: "newest", label: T.sort.newest },
    { value: "price_asc", label: T.sort.priceAsc },
    { value: "price_desc", label: T.sort.priceDesc },
    { value: "km_asc", label: T.sort.kmAsc },
    { value: "year_desc", label: T.sort.yearDesc },
  ];
}

/** The search in `params`: known keys with a value, in LISTING_FILTER_KEYS order (one cache entry per search). */
export function readFilters(params: URLSearchParams): ListingFilters {
  const filters: ListingFilters = {};
  for (const key of LISTING_FILTER_KEYS) {
    const value = params.get(key)?.trim();
    if (value) filters[key] = value;
  }
  return filters;
}

/** Whether anything narrows the list (sorting alone does not: every bike is still there). */
export function hasFilters(filters: ListingFilters): boolean {
  return LISTING_FILTER_KEYS.some((k) => k !== "sort" && filters[k] !== undefined);
}

/** How many controls are set, for the phone's Filters button. */
export function countFilters(filters: ListingFilters): number {
  return LISTING_FILTER_KEYS.filter((k) => k !== "sort" && k !== "q" && filters[k] !== undefined).length;
}

type SetOptions = {
  /** Replace the current history entry instead of adding one (typing: one entry per search, not per key). */
  replace?: boolean;
};

export type ListingFiltersApi = {
  filters: ListingFilters;
  /** Sets one key; "" (or the default sort) removes it from the URL. */
  setFilter: (key: FilterKey, value: string, options?: SetOptions) => void;
  /** Removes every search key, sort included; other parameters stay. */
  clear: () => void;
};

/** `prev` with `key` set to `value` ("" or the default sort: left out). */
export const withFilter = (prev: URLSearchParams, key: FilterKey, value: string) => {
  const next = new URLSearchParams(prev);
  const v = value.trim();
  if (v === "" || (key === "sort" && v === "newest")) next.delete(key);
  else next.set(key, v);
  return next;
};

const withoutFilters = (prev: URLSearchParams) => {
  const next = new URLSearchParams(prev);
  for (const key of LISTING_FILTER_KEYS) next.delete(key);
  return next;
};

/** The search of `/products/:category`, read from and written to the URL's query. */
export function useListingFilters(): ListingFiltersApi {
  const [params, setParams] = useSearchParams();
  const filters = useMemo(() => readFilters(params), [params]);
  // A change builds on the query as the router holds it now, not on this render's `params`: React
  // renders a navigation in a transition, a moment after the router made it, so a change that follows
  // another at once (Enter in Max price, then a District) would undo the first; and a debounced
  // input commits from a timer set renders ago. The data router (the only kind the app uses) is the
  // one place that is never behind; its context is react-router's own, exported for such reads.
  const dataRouter = useContext(UNSAFE_DataRouterContext);
  const latest = useCallback(
    () => (dataRouter ? new URLSearchParams(dataRouter.router.state.location.search) : params),
    [dataRouter, params],
  );
  const setFilter = useCallback(
    (key: FilterKey, value: string, options: SetOptions = {}) =>
      setParams(withFilter(latest(), key, value), {
        replace: options.replace ?? false,
        // Narrowing the list keeps the reader where they are; the count and the list change below.
        preventScrollReset: true,
      }),
    [setParams, latest],
  );
  const clear = useCallback(
    () => setParams(withoutFilters(latest()), { preventScrollReset: true }),
    [setParams, latest],
  );
  return { filters, setFilter, clear };
}
