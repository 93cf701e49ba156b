import { SlidersHorizontal } from "lucide-react";
import { useId } from "react";
import { Outlet, useLocation, useNavigate, useParams } from "react-router";
import { categoryLabel } from "#shared/categories.ts";
import { SideDrawer } from "#web/components/side-drawer.tsx";
import { paths } from "#web/config/paths.ts";
import { useCategories } from "#web/lib/categories-query.ts";
import { FiltersFooter, ListingFilterControls } from "./listing-filters.tsx";
import { countFilters, useListingFilters } from "./use-listing-filters.ts";

/**
 * `/products/*`: the bikes beside a drawer with the category picker and, on a category page, the
 * filters (the search box and sort sit above the list, where a phone shows them without the drawer).
 */
export function ListingsLayout() {
  // No category on a bike's details page: the picker then asks rather than claim "All".
  const { category = "" } = useParams();
  const navigate = useNavigate();
  const location = useLocation();
  const { filters } = useListingFilters();
  const activeFilters = countFilters(filters);
  const categories = useCategories();
  const selectId = useId();
  const known = categories.data?.categories.some((c) => c.slug === category);

  const picker = (
    <aside aria-label="Filter bikes" className="p-4">
      {/* Small like the filters below it, so the drawer reads as one list. */}
      <label htmlFor={selectId} className="mb-1 block text-sm font-semibold">
        Category
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
            Choose a category
          </option>
        ) : null}
        <option value="all">All</option>
        {categories.data?.categories.map((c) => (
          <option key={c.slug} value={c.slug}>
            {c.label}
          </option>
        ))}
        {/* Until the list arrives (or on a page of an unknown slug) the current value still shows. */}
        {category !== "" && category !== "all" && !known ? (
          <option value={category}>{categoryLabel(category)}</option>
        ) : null}
      </select>
      {categories.isError ? (
        <p role="alert" className="mt-3 text-sm text-error">
          We couldn't load the categories.{" "}
          <button type="button" className="link" onClick={() => void categories.refetch()}>
            Try again
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
          {category === "" ? "Categories" : "Filters"}
          {activeFilters > 0 ? <span className="badge badge-primary badge-sm">{activeFilters}</span> : null}
        </>
      }
      buttonLabel={activeFilters > 0 ? `Filters, ${activeFilters} set` : undefined}
      closeLabel={category === "" ? "Close categories" : "Close filters"}
      title={category === "" ? "Categories" : "Filters"}
      panel={picker}
      footer={category === "" ? undefined : (close) => <FiltersFooter category={category} onDone={close} />}
      // A category page shows the button beside its count and sort, so a phone shows more bikes.
      buttonInPage={category !== ""}
    >
      <Outlet />
    </SideDrawer>
  );
}
