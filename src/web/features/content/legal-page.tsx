import { Link, useLocation } from "react-router";
import { usePageTitle } from "#web/components/page-title.tsx";
import { useFormat, useTexts } from "#web/lib/i18n.tsx";
import { CONTENT_PAGES_TEXT } from "#web/texts/content.ts";
import { Blocks } from "./blocks-view.tsx";
import { LEGAL_EDITIONS, preloadEdition, useEdition } from "./editions.ts";
import { findLegalDoc, LEGAL_DOCS } from "./legal.ts";

preloadEdition(LEGAL_EDITIONS);

/**
 * `/terms`, `/privacy`, `/cookies`: one legal page in the page's language, chosen by the path, with
 * links to the other two.
 */
export default function LegalPage() {
  const { pathname } = useLocation();
  const T = useTexts(CONTENT_PAGES_TEXT).contentPages.legal;
  const format = useFormat();
  const docs = useEdition({ en: LEGAL_DOCS, ...LEGAL_EDITIONS });
  // The router sends only these three paths here; the first is a fallback that never shows.
  const doc = findLegalDoc(pathname, docs) ?? docs[0]!;
  usePageTitle(T.title(doc.title));
  const others = docs.filter((d) => d.path !== doc.path);

  return (
    <div className="mx-auto w-full max-w-3xl px-4 py-8 sm:px-6 sm:py-12">
      <article>
        <header className="border-b border-base-300 pb-6">
          <h1 className="text-3xl font-bold sm:text-4xl">{doc.title}</h1>
          <p className="mt-3 text-sm text-base-content/75">
            {T.lastUpdated} <time dateTime={doc.updated}>{format.date(doc.updated)}</time>
          </p>
          <p className="mt-4 text-lg text-base-content/85">{doc.summary}</p>
        </header>
        <div className="mt-6 text-base sm:text-lg">
          <Blocks blocks={doc.body} />
        </div>
      </article>
      <nav aria-label={T.otherPolicies} className="mt-12 flex flex-wrap gap-3 border-t border-base-300 pt-6">
        {others.map((d) => (
          <Link key={d.path} to={d.path} className="btn btn-outline btn-sm">
            {d.title}
          </Link>
        ))}
      </nav>
    </div>
  );
}
