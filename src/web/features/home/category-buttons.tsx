import { useQuery } from "@tanstack/react-query";
import { Bike } from "lucide-react";
import { Link } from "react-router";
import { paths } from "#web/config/paths.ts";
import { categoriesQueryOptions } from "#web/lib/categories-query.ts";
import { useTexts } from "#web/lib/i18n.tsx";
import { usePlaceNames } from "#web/lib/place-names.ts";
import { HOME_PAGE_TEXT } from "#web/texts/home.ts";

/**
 * Columns as wide as the screen allows, not as the names: where a button sits never depends on how
 * wide its name is drawn, so a Bangla face arriving after the first paint moves none (in a wrapping
 * row it did: CLS 0.039 on the Bangla home page). The skeleton keeps the same columns.
 */
const BUTTON_GRID =
  "grid grid-cols-[repeat(auto-fill,minmax(6.25rem,1fr))] gap-2 sm:grid-cols-[repeat(auto-fill,minmax(8.5rem,1fr))] sm:gap-3";

const SKELETON_KEYS = ["a", "b", "c", "d", "e", "f", "g", "h", "i", "j", "k", "l", "m"];

/** One button per category from the API, plus "All bikes"; for buyers and signed-out visitors. */
export function CategoryButtons() {
  const { data, isPending, isError, refetch, isRefetching } = useQuery(categoriesQueryOptions());
  const T = useTexts(HOME_PAGE_TEXT).homePage.categories;
  const places = usePlaceNames();

  return (
    <section aria-labelledby="categories-heading" className="space-y-4">
      <h2 id="categories-heading" className="text-2xl font-bold sm:text-3xl">
        {T.heading}
      </h2>
      {isPending ? (
        <div role="status" aria-label={T.loading} className={BUTTON_GRID}>
          {SKELETON_KEYS.map((k) => (
            <div key={k} className="skeleton h-10" />
          ))}
        </div>
      ) : isError ? (
        <div role="alert" className="alert alert-error alert-soft">
          <span>{T.failed}</span>
          <button type="button" className="btn btn-sm" onClick={() => void refetch()} disabled={isRefetching}>
            {T.tryAgain}
          </button>
        </div>
      ) : (
        <ul className={BUTTON_GRID}>
          <li>
            <Link to={paths.listings.getHref("all")} className="btn btn-primary w-full px-2 leading-tight">
              {/* Left out on a narrow phone, where the name needs the whole button. */}
              <Bike className="size-4 shrink-0 max-[400px]:hidden" aria-hidden="true" />
              {T.allBikes}
            </Link>
          </li>
          {data.categories.map((c) => (
            <li key={c.slug}>
              <Link to={paths.listings.getHref(c.slug)} className="btn btn-outline w-full px-2 leading-tight">
                {places.category(c.slug)}
              </Link>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
