import { createContext, useContext, useLayoutEffect } from "react";

/** What index.html names the tab; a page without a title of its own shows it. */
export const DEFAULT_TITLE = "MotoHaat — used motorbikes in Bangladesh";

/** What index.html says of the site; a page without a description of its own keeps it. */
export const DEFAULT_DESCRIPTION = "MotoHaat: buy and sell used motorbikes in Bangladesh.";

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
  if (head) {
    head.title = title;
    head.description = options.description ?? DEFAULT_DESCRIPTION;
    head.status = options.notFound ? 404 : 200;
    head.jsonLd = options.jsonLd;
  }
  useLayoutEffect(() => {
    document.title = title;
    return () => {
      document.title = DEFAULT_TITLE;
    };
  }, [title]);
}

/** `usePageTitle` for a page that picks its title inside its JSX. */
export function PageTitle({ children, ...options }: { children: string } & PageHeadOptions) {
  usePageTitle(children, options);
  return null;
}
