import { Search } from "lucide-react";
import {
  type ChangeEvent,
  type FormEvent,
  useEffect,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
} from "react";
import { DISTRICTS } from "#shared/districts.ts";
import { MAX_ASKING_PRICE, MAX_KM_RUN, MIN_YEAR, maxYear } from "#shared/listing-limits.ts";
import { MSG } from "#shared/messages.ts";
import { useFormat, useTexts } from "#web/lib/i18n.tsx";
import { usePlaceNames } from "#web/lib/place-names.ts";
import { LISTING_PAGES_TEXT } from "#web/texts/listings.ts";
import { useBrands } from "./api/get-brands.ts";
import { useListings } from "./api/get-listings.ts";
import {
  type FilterKey,
  type FilterTexts,
  type ListingFiltersApi,
  sortOptions,
  useListingFilters,
} from "./use-listing-filters.ts";

/** How long typing pauses before the list follows it. */
const TYPING_PAUSE_MS = 400;

/**
 * A typed filter (search, prices, ranges): the box shows every key at once, the URL follows when
 * typing pauses, on Enter and on leaving the box. A typing session adds one history entry and then
 * replaces it, so Back returns to the search before it rather than to each letter.
 */
function useTypedFilter({ filters, setFilter }: ListingFiltersApi, key: FilterKey) {
  const urlValue = filters[key] ?? "";
  const [text, setText] = useState(urlValue);
  /** What the URL holds as far as this box knows (it wrote it, or showed it). */
  const committed = useRef(urlValue);
  /** This typing session already has its history entry. */
  const typing = useRef(false);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);

  // The URL changed by itself (Back, Clear filters, a shared link): the box shows it.
  useEffect(() => {
    if (urlValue === committed.current) return;
    clearTimeout(timer.current);
    committed.current = urlValue;
    typing.current = false;
    setText(urlValue);
  }, [urlValue]);
  useEffect(() => () => clearTimeout(timer.current), []);
  // A rendered page shows the box before the app's code has come (it waits for the page's photo):
  // what was typed there meanwhile is kept, and Enter or leaving the box sends it.
  const box = useRef<HTMLInputElement>(null);
  useLayoutEffect(() => {
    const typed = box.current?.value ?? "";
    if (typed !== "" && typed !== committed.current) setText(typed);
  }, []);

  const commit = (value: string) => {
    clearTimeout(timer.current);
    const v = value.trim();
    if (v === committed.current) return;
    committed.current = v;
    setFilter(key, v, { replace: typing.current });
    typing.current = true;
  };
  const settle = () => {
    // The box itself: an Enter that hydration replays comes before any update of `text`.
    commit(box.current?.value ?? text);
    typing.current = false;
  };

  return {
    ref: box,
    value: text,
    onChange: (e: ChangeEvent<HTMLInputElement>) => {
      const value = e.target.value;
      setText(value);
      clearTimeout(timer.current);
      timer.current = setTimeout(() => commit(value), TYPING_PAUSE_MS);
    },
    onBlur: settle,
    /** Enter: the list follows now. */
    settle,
  };
}

/** The search box over brand and model, above the list. */
export function SearchBox() {
  const T = useTexts(LISTING_PAGES_TEXT).listingPages.filters;
  const filterApi = useListingFilters();
  const { settle, ...input } = useTypedFilter(filterApi, "q");
  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    settle();
  };
  return (
    // biome-ignore lint/a11y/useSemanticElements: older phone browsers (and React's check of them) do not know <search> yet.
    <form role="search" aria-label={T.searchForm} onSubmit={onSubmit} className="w-full">
      <label htmlFor="filter-q" className="sr-only">
        {T.searchLabel}
      </label>
      <div className="input w-full">
        <Search className="size-4 opacity-60" aria-hidden="true" />
        {/* Named: before the app's code has come, Enter sends the form as a plain search (`?q=`). */}
        <input
          id="filter-q"
          name="q"
          type="search"
          className="grow"
          placeholder={T.searchPlaceholder}
          maxLength={80}
          autoComplete="off"
          enterKeyHint="search"
          {...input}
        />
      </div>
    </form>
  );
}

/** Sort order, beside the count. */
export function SortSelect() {
  const T = useTexts(LISTING_PAGES_TEXT).listingPages.filters;
  const { filters, setFilter } = useListingFilters();
  return (
    <div className="flex items-center gap-2">
      <label htmlFor="listing-sort" className="text-sm whitespace-nowrap text-base-content/70">
        {T.labels.sort}
      </label>
      <select
        id="listing-sort"
        className="select select-sm w-auto"
        value={filters.sort ?? "newest"}
        onChange={(e) => setFilter("sort", e.target.value)}
      >
        {sortOptions(T).map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
    </div>
  );
}

/** "24 bikes", "1 bike", "1,000+ bikes" when the server stopped counting. */
export function bikeCount(T: FilterTexts, total: number, capped: boolean): string {
  return capped ? T.bikeCountCapped(total) : T.bikeCount(total);
}

/**
 * Below the filters, always in view: Clear filters and, on a phone (where the drawer covers the
 * list), "Show 8 bikes", which closes the drawer onto the list its filters made.
 */
export function FiltersFooter({ category, onDone }: { category: string; onDone: () => void }) {
  const T = useTexts(LISTING_PAGES_TEXT).listingPages.filters;
  const { filters } = useListingFilters();
  // The list's own query (the same key): its count, without a request of its own.
  const firstPage = useListings({ category, ...filters }).data?.pages[0];
  return (
    <div className="flex flex-col gap-2">
      <button type="button" className="btn btn-primary btn-sm w-full lg:hidden" onClick={onDone}>
        {firstPage ? T.showCount(bikeCount(T, firstPage.total, firstPage.totalIsCapped)) : T.showBikes}
      </button>
      <ClearFiltersButton className="btn-outline btn-sm w-full" />
    </div>
  );
}

/** The yes/no filters: each a checkbox that sets `key` to `on` while ticked, labelled as the key is named. */
export const FLAG_FILTERS: { id: string; key: FilterKey; on: string }[] = [
  { id: "filter-verified", key: "verified", on: "true" },
  { id: "filter-negotiable", key: "negotiable", on: "true" },
  { id: "filter-sold", key: "sold", on: "include" },
];

/** Resets search, filters and sort in one step (one history entry, so Back brings them back). */
export function ClearFiltersButton({ className = "btn-outline btn-sm" }: { className?: string }) {
  const msg = useTexts(MSG);
  const { filters, clear } = useListingFilters();
  const nothingSet = Object.keys(filters).length === 0;
  return (
    <button type="button" className={`btn ${className}`} onClick={clear} disabled={nothingSet}>
      {msg.listing.clearFilters}
    </button>
  );
}

type NumberInputProps = {
  filterApi: ListingFiltersApi;
  filterKey: FilterKey;
  id: string;
  min: number;
  max: number;
  placeholder?: string;
};

/** A typed whole-number filter; Enter applies it at once. */
function NumberInput({ filterApi, filterKey, id, min, max, placeholder }: NumberInputProps) {
  const { settle, ...input } = useTypedFilter(filterApi, filterKey);
  return (
    <input
      id={id}
      type="number"
      inputMode="numeric"
      className="input input-sm w-full"
      min={min}
      max={max}
      step={1}
      placeholder={placeholder}
      onKeyDown={(e) => {
        if (e.key === "Enter") settle();
      }}
      {...input}
    />
  );
}

type NumberFieldProps = NumberInputProps & {
  /** Shown: "Min", "Max", "From"… */
  label: string;
  /** Read after `label` by screen readers only, so the name says what it narrows ("Min" + " price"). */
  srLabel: string;
};

/** One end of a range, under a small label. */
function NumberField({ label, srLabel, ...input }: NumberFieldProps) {
  return (
    <div className="flex min-w-0 flex-col gap-1">
      <label htmlFor={input.id} className="text-xs text-base-content/70">
        {label} <span className="sr-only">{srLabel}</span>
      </label>
      <NumberInput {...input} />
    </div>
  );
}

type RangeEnd = Pick<NumberFieldProps, "filterKey" | "id" | "label" | "placeholder">;

type RangeProps = Pick<NumberFieldProps, "filterApi" | "srLabel" | "min" | "max"> & {
  legend: string;
  ends: [RangeEnd, RangeEnd];
};

/** A typed range under its legend: two ends side by side, each a filter of its own, with the same bounds. */
function Range({ legend, ends, ...shared }: RangeProps) {
  return (
    <fieldset className="fieldset p-0">
      <legend className="fieldset-legend pb-1 text-sm">{legend}</legend>
      <div className="grid grid-cols-2 gap-2">
        {ends.map((end) => (
          <NumberField key={end.id} {...shared} {...end} />
        ))}
      </div>
    </fieldset>
  );
}

/** The districts by their names in the page's language, alphabetical. */
function useDistrictsByName() {
  const places = usePlaceNames();
  const format = useFormat();
  return useMemo(
    () =>
      DISTRICTS.map((d) => ({ slug: d.slug, label: places.district(d.slug) })).sort((a, b) =>
        // In Bangla by the letters' order in Unicode (the alphabet's, near enough), not by collation:
        // the server's ICU and a phone's may sort Bengali differently, and the options must hydrate.
        format.locale === "en" ? a.label.localeCompare(b.label, "en") : a.label < b.label ? -1 : 1,
      ),
    [places, format.locale],
  );
}

/** The filters of the side drawer (the search box and sort sit above the list). */
export function ListingFilterControls() {
  const T = useTexts(LISTING_PAGES_TEXT).listingPages;
  const districtsByName = useDistrictsByName();
  const F = T.filters;
  const filterApi = useListingFilters();
  const { filters, setFilter } = filterApi;
  const brands = useBrands();
  const brandList = brands.data?.brands ?? [];
  const flag = (key: FilterKey, on: string) => ({
    checked: filters[key] === on,
    onChange: (e: ChangeEvent<HTMLInputElement>) => setFilter(key, e.target.checked ? on : ""),
  });

  return (
    <div className="flex flex-col gap-3">
      <div className="flex flex-col gap-1">
        <label htmlFor="filter-brand" className="text-sm font-semibold">
          {F.labels.brand}
        </label>
        <select
          id="filter-brand"
          className="select select-sm w-full"
          value={filters.brand ?? ""}
          aria-busy={brands.isPending}
          onChange={(e) => setFilter("brand", e.target.value)}
        >
          <option value="">{F.anyBrand}</option>
          {brandList.map((b) => (
            <option key={b} value={b}>
              {b}
            </option>
          ))}
          {/* A link's brand shows before the list arrives, or when the catalogue spells it otherwise. */}
          {filters.brand && !brandList.includes(filters.brand) ? (
            <option value={filters.brand}>{filters.brand}</option>
          ) : null}
        </select>
        {brands.isError ? (
          <p className="text-xs text-error">
            {F.brandsFailed}{" "}
            <button type="button" className="link" onClick={() => void brands.refetch()}>
              {T.common.tryAgain}
            </button>
          </p>
        ) : null}
      </div>

      <Range
        filterApi={filterApi}
        legend={F.price}
        srLabel={F.priceSr}
        min={0}
        max={MAX_ASKING_PRICE}
        ends={[
          { filterKey: "minPrice", id: "filter-min-price", label: F.min, placeholder: "0" },
          { filterKey: "maxPrice", id: "filter-max-price", label: F.max, placeholder: F.any },
        ]}
      />

      <Range
        filterApi={filterApi}
        legend={F.engine}
        srLabel={F.engineSr}
        min={0}
        max={5000}
        ends={[
          { filterKey: "minCc", id: "filter-min-cc", label: F.min, placeholder: "0" },
          { filterKey: "maxCc", id: "filter-max-cc", label: F.max, placeholder: F.any },
        ]}
      />

      <Range
        filterApi={filterApi}
        legend={F.year}
        srLabel={F.yearSr}
        min={MIN_YEAR}
        max={maxYear()}
        ends={[
          { filterKey: "minYear", id: "filter-min-year", label: F.from, placeholder: String(MIN_YEAR) },
          { filterKey: "maxYear", id: "filter-max-year", label: F.to, placeholder: String(maxYear()) },
        ]}
      />

      <div className="flex flex-col gap-1">
        <label htmlFor="filter-max-km" className="text-sm font-semibold">
          {F.labels.maxKm}
        </label>
        <NumberInput
          filterApi={filterApi}
          filterKey="maxKm"
          id="filter-max-km"
          min={0}
          max={MAX_KM_RUN}
          placeholder={F.any}
        />
      </div>

      <div className="flex flex-col gap-1">
        <label htmlFor="filter-district" className="text-sm font-semibold">
          {F.labels.district}
        </label>
        <select
          id="filter-district"
          className="select select-sm w-full"
          value={filters.district ?? ""}
          onChange={(e) => setFilter("district", e.target.value)}
        >
          <option value="">{F.allDistricts}</option>
          {districtsByName.map((d) => (
            <option key={d.slug} value={d.slug}>
              {d.label}
            </option>
          ))}
        </select>
      </div>

      <div className="flex flex-col gap-2">
        {FLAG_FILTERS.map(({ id, key, on }) => (
          <label key={id} className="flex cursor-pointer items-center gap-2 text-sm">
            <input id={id} type="checkbox" className="checkbox checkbox-sm" {...flag(key, on)} />
            {F.labels[key]}
          </label>
        ))}
      </div>
    </div>
  );
}
