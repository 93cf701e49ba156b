import { SlidersHorizontal } from "lucide-react";
import { useId } from "react";
import { Outlet, useLocation, useNavigate, useParams } from "react-router";
import { SideDrawer } from "#web/components/side-drawer.tsx";
import { paths } from "#web/config/paths.ts";
import { useCategories } from "#web/lib/categories-query.ts";
import { useFormat, useTexts } from "#web/lib/i18n.tsx";
import { usePlaceNames } from "#web/lib/place-names.ts";
import { LISTING_PAGES_TEXT } from "#web/texts/listings.ts";
import { FiltersFooter, ListingFilterControls } from "./listing-filters.tsx";
import { countFilters, useListingFilters } from "./use-listing-filters.ts";

/**
 * `/products/*`: the bikes beside a drawer with the category picker and, on a category page, the
 * filters (the search box and sort sit above the list, where a phone shows them without the drawer).
 */
export function ListingsLayout() {
  const { layout: T, common } = useTexts(LISTING_PAGES_TEXT).listingPages;
  const format = useFormat();
  // No category on a bike's details page: the picker then asks rather than claim "All".
  const { category = "" } = useParams();
  const navigate = useNavigate();
  const location = useLocation();
  const { filters } = useListingFilters();
  const activeFilters = countFilters(filters);
  const categories = useCategories();
  const places = usePlaceNames();
  const selectId = useId();
  const known = categories.data?.categories.some((c) => c.slug === category);

  const picker = (
    <aside aria-label={T.filterBikes} className="p-4">
      {/* Small like the filters below it, so the drawer reads as one list. */}
      <label htmlFor={selectId} className="mb-1 block text-sm font-semibold">
        {T.category}
      </label>
      <select
        id={selectId}
        className="select select-sm w-full"
        value={category}
        aria-busy={categories.isPending}
        // The search goes along: "a Pulsar under ৳1.5 lakh" in another category.
        onChange={(e) => void navigate(`${paths.listings.getHref(e.target.value)}${location.search}`)}
      >
        {category === "" ? (
          <option value="" disabled>
            {T.chooseCategory}
          </option>
        ) : null}
        <option value="all">{T.all}</option>
        {categories.data?.categories.map((c) => (
          <option key={c.slug} value={c.slug}>
            {places.category(c.slug)}
          </option>
        ))}
        {/* Until the list arrives (or on a page of an unknown slug) the current value still shows. */}
        {category !== "" && category !== "all" && !known ? (
          <option value={category}>{places.category(category)}</option>
        ) : null}
      </select>
      {categories.isError ? (
        <p role="alert" className="mt-3 text-sm text-error">
          {T.categoriesFailed}{" "}
          <button type="button" className="link" onClick={() => void categories.refetch()}>
            {common.tryAgain}
          </button>
        </p>
      ) : null}
      {category === "" ? null : (
        <>
          <div className="divider my-2" />
          <ListingFilterControls />
        </>
      )}
    </aside>
  );

  return (
    <SideDrawer
      buttonContent={
        <>
          <SlidersHorizontal className="size-4" aria-hidden="true" />
          {category === "" ? T.categories : T.filters}
          {activeFilters > 0 ? (
            <span className="badge badge-primary badge-sm">{format.number(activeFilters)}</span>
          ) : null}
        </>
      }
      buttonLabel={activeFilters > 0 ? T.filtersSet(activeFilters) : undefined}
      closeLabel={category === "" ? T.closeCategories : T.closeFilters}
      title={category === "" ? T.categories : T.filters}
      panel={picker}
      footer={category === "" ? undefined : (close) => <FiltersFooter category={category} onDone={close} />}
      // A category page shows the button beside its count and sort, so a phone shows more bikes.
      buttonInPage={category !== ""}
    >
      <Outlet />
    </SideDrawer>
  );
}
