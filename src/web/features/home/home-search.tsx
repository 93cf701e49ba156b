import { Search } from "lucide-react";
import { useId } from "react";
import { Form } from "react-router";
import { paths } from "#web/config/paths.ts";
import { useTexts } from "#web/lib/i18n.tsx";
import { HOME_PAGE_TEXT } from "#web/texts/home.ts";

/**
 * The first thing on the home page: a search of every bike by brand or model. A plain GET form to
 * the list of all bikes (`?q=`), so it works before the app's code has loaded, and React Router
 * turns it into an in-app navigation once it has.
 */
export function HomeSearch() {
  const id = useId();
  const T = useTexts(HOME_PAGE_TEXT).homePage.search;
  return (
    <Form
      method="get"
      action={paths.listings.getHref("all")}
      role="search"
      aria-label={T.label}
      className="flex flex-col gap-2"
    >
      <label htmlFor={id} className="text-lg font-semibold sm:text-xl">
        {T.heading}
      </label>
      <div className="flex gap-2">
        <div className="input input-lg w-full">
          <Search className="size-5 opacity-60" aria-hidden="true" />
          <input
            id={id}
            type="search"
            name="q"
            className="grow"
            placeholder={T.placeholder}
            maxLength={80}
            autoComplete="off"
            enterKeyHint="search"
          />
        </div>
        <button type="submit" className="btn btn-primary btn-lg">
          {T.submit}
        </button>
      </div>
    </Form>
  );
}
