import { SearchX } from "lucide-react";
import type { ReactNode } from "react";
import { Link } from "react-router";
import { EmptyState } from "#web/components/empty-state.tsx";
import { PageTitle } from "#web/components/page-title.tsx";
import { paths } from "#web/config/paths.ts";
import { useTexts } from "#web/lib/i18n.tsx";
import { LISTING_PAGES_TEXT } from "#web/texts/listings.ts";

type ListingsNotFoundProps = {
  /** The tab's title, e.g. "Bike not found — MotoHaat". */
  pageTitle: string;
  /** What is missing, in the server's words. */
  heading: string;
  /** A sentence of help. */
  children: ReactNode;
};

/** A category or bike that does not exist: said kindly, with the way to every bike. */
export function ListingsNotFound({ pageTitle, heading, children }: ListingsNotFoundProps) {
  return (
    <section className="py-8">
      <PageTitle notFound>{pageTitle}</PageTitle>
      <EmptyState title={heading} icon={<SearchX className="size-10" />} action={<AllBikesLink />}>
        {children}
      </EmptyState>
    </section>
  );
}

export function AllBikesLink() {
  const T = useTexts(LISTING_PAGES_TEXT).listingPages.common;
  return (
    <Link to={paths.listings.getHref("all")} className="btn btn-primary">
      {T.seeAllBikes}
    </Link>
  );
}
