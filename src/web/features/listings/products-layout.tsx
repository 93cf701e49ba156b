import { SlidersHorizontal } from "lucide-react";
import { useEffect, useId, useRef, useState } from "react";
import { Outlet, useLocation, useNavigate, useParams } from "react-router";
import { categoryLabel } from "#shared/categories.ts";
import { paths } from "#web/config/paths.ts";
import { useCategories } from "#web/lib/categories-query.ts";

/**
 * `/products/*`: the bikes beside a drawer with the category picker. The drawer is always open on
 * large screens; on small ones a button slides it over the page.
 */
export function ProductsLayout() {
  const { category = "all" } = useParams();
  const navigate = useNavigate();
  const location = useLocation();
  const categories = useCategories();
  const [open, setOpen] = useState(false);
  const toggleId = useId();
  const drawerId = useId();
  const selectId = useId();
  const openButtonRef = useRef<HTMLButtonElement>(null);
  const selectRef = useRef<HTMLSelectElement>(null);

  // biome-ignore lint/correctness/useExhaustiveDependencies: location is the trigger, not an input.
  useEffect(() => setOpen(false), [location.pathname]);

  // On small screens the drawer covers the page: move focus into it, and let Escape close it.
  useEffect(() => {
    if (!open) return;
    selectRef.current?.focus();
    const onKey = (e: KeyboardEvent) => {
      if (e.key !== "Escape") return;
      setOpen(false);
      openButtonRef.current?.focus();
    };
    document.addEventListener("keydown", onKey);
    return () => document.removeEventListener("keydown", onKey);
  }, [open]);

  return (
    <div className="drawer lg:drawer-open">
      {/* daisyUI drives the drawer from this checkbox; the button below is the control people use. */}
      <input
        id={toggleId}
        type="checkbox"
        className="drawer-toggle"
        checked={open}
        onChange={(e) => setOpen(e.target.checked)}
        tabIndex={-1}
        aria-hidden="true"
      />
      <div className="drawer-content min-h-[60vh] min-w-0 px-4 py-6 sm:px-6 lg:px-8">
        <button
          ref={openButtonRef}
          type="button"
          className="btn btn-outline btn-sm mb-4 lg:hidden"
          aria-expanded={open}
          aria-controls={drawerId}
          onClick={() => setOpen((v) => !v)}
        >
          <SlidersHorizontal className="size-4" aria-hidden="true" />
          Categories
        </button>
        <Outlet />
      </div>
      <div className="drawer-side z-40 lg:top-16 lg:h-[calc(100dvh-4rem)]">
        {/* Out of the tab order: keyboard users close the drawer with Escape or the Categories button. */}
        <button
          type="button"
          tabIndex={-1}
          aria-label="Close categories"
          className="drawer-overlay"
          onClick={() => setOpen(false)}
        />
        <aside
          id={drawerId}
          aria-label="Filter bikes"
          className="min-h-full w-64 border-r border-base-300 bg-base-200 p-4"
        >
          <label htmlFor={selectId} className="mb-2 block font-semibold">
            Category
          </label>
          <select
            id={selectId}
            ref={selectRef}
            className="select w-full"
            value={category}
            aria-busy={categories.isPending}
            onChange={(e) => void navigate(paths.products.getHref(e.target.value))}
          >
            <option value="all">All</option>
            {categories.data?.categories.map((c) => (
              <option key={c.slug} value={c.slug}>
                {c.label}
              </option>
            ))}
            {/* Until the list arrives (or on a page of an unknown slug) the current value still shows. */}
            {category !== "all" && !categories.data?.categories.some((c) => c.slug === category) ? (
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
        </aside>
      </div>
    </div>
  );
}
