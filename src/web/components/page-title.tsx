import { createContext, useContext, useLayoutEffect } from "react";
import { useTexts } from "#web/lib/i18n.tsx";
import { BROWSE_PAGES_TEXT } from "#web/texts/browse.ts";

/**
 * What index.html names the tab, in English; a page without a title of its own shows it (in the
 * page's language: `browsePages.head.defaultTitle`).
 */
export const DEFAULT_TITLE: string = BROWSE_PAGES_TEXT.browsePages.head.defaultTitle;

/** What index.html says of the site, in English; a page without a description of its own keeps it. */
export const DEFAULT_DESCRIPTION: string = BROWSE_PAGES_TEXT.browsePages.head.defaultDescription;

/**
 * What a page rendered on the server asks of the HTML around it (src/web/entry-server.tsx): its head
 * and its HTTP status. The pages fill it in while they render; the browser has none (null), where the
 * title is set from an effect instead.
 */
export type PageHead = {
  title: string;
  description: string;
  /** 404 for a page saying "not found", so a search engine and a link checker see it too. */
  status: number;
  /** A schema.org object for search engines (a bike's Product with its Offer), given the site's origin. */
  jsonLd?: JsonLd;
};

export type JsonLd = (origin: string) => Record<string, unknown>;

export const PageHeadContext = createContext<PageHead | null>(null);

type PageHeadOptions = {
  description?: string;
  /** The page says "not found": answered with 404. */
  notFound?: boolean;
  jsonLd?: JsonLd;
};

/**
 * Names the browser tab while the calling page is shown, and gives the default back when it goes;
 * on the server, writes the page's head and status instead (the last page to render wins: the
 * deepest). The tab's title is set from an effect rather than a rendered `<title>`, which React
 * would put inside the server's `<div id="root">` rather than in the head.
 */
export function usePageTitle(title: string, options: PageHeadOptions = {}): void {
  const head = useContext(PageHeadContext);
  const defaults = useTexts(BROWSE_PAGES_TEXT).browsePages.head;
  const defaultTitle = defaults.defaultTitle;
  if (head) {
    head.title = title;
    head.description = options.description ?? defaults.defaultDescription;
    head.status = options.notFound ? 404 : 200;
    head.jsonLd = options.jsonLd;
  }
  useLayoutEffect(() => {
    document.title = title;
    return () => {
      document.title = defaultTitle;
    };
  }, [title, defaultTitle]);
}

/** `usePageTitle` for a page that picks its title inside its JSX. */
export function PageTitle({ children, ...options }: { children: string } & PageHeadOptions) {
  usePageTitle(children, options);
  return null;
}
