import { useLayoutEffect } from "react";

/** What index.html names the tab; a page without a title of its own shows it. */
export const DEFAULT_TITLE = "MotoHaat — used motorbikes in Bangladesh";

/**
 * Names the browser tab while the calling page is shown, and gives the default back when it goes.
 * Set from an effect: written when the browser ran Preact (decision 020, superseded by 025); React 19
 * could hoist a rendered `<title>` now, and the server-rendered pages of issue 22 write their own head.
 */
export function usePageTitle(title: string): void {
  useLayoutEffect(() => {
    document.title = title;
    return () => {
      document.title = DEFAULT_TITLE;
    };
  }, [title]);
}

/** `usePageTitle` for a page that picks its title inside its JSX. */
export function PageTitle({ children }: { children: string }) {
  usePageTitle(children);
  return null;
}
