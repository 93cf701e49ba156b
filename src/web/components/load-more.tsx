import { useEffect, useRef } from "react";
import { useTexts } from "#web/lib/i18n.tsx";
import { BROWSE_PAGES_TEXT } from "#web/texts/browse.ts";
import { PendingButton } from "./pending-button.tsx";

type LoadMoreProps = {
  hasNextPage: boolean;
  isFetchingNextPage: boolean;
  /** The last next-page fetch failed: stop loading on scroll, so a broken server is not hammered. */
  isFetchNextPageError?: boolean;
  fetchNextPage: () => unknown;
};

/**
 * The next page of a list: loaded by itself as the end of the list scrolls into view, and by the
 * "Load more" button for keyboard users and browsers without IntersectionObserver. Nothing once the
 * last page is in.
 */
export function LoadMore({
  hasNextPage,
  isFetchingNextPage,
  isFetchNextPageError = false,
  fetchNextPage,
}: LoadMoreProps) {
  const sentinel = useRef<HTMLDivElement>(null);
  const T = useTexts(BROWSE_PAGES_TEXT).browsePages.common;
  const autoLoad = hasNextPage && !isFetchingNextPage && !isFetchNextPageError;

  // Re-created after each page: if the end of the list is still in view (a tall screen), the new
  // observer reports it at once and the next page follows.
  useEffect(() => {
    const el = sentinel.current;
    if (!autoLoad || !el || typeof IntersectionObserver === "undefined") return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((e) => e.isIntersecting)) void fetchNextPage();
      },
      // Start a screenful early, so scrolling rarely reaches an empty end.
      { rootMargin: "0px 0px 600px 0px" },
    );
    observer.observe(el);
    return () => observer.disconnect();
  }, [autoLoad, fetchNextPage]);

  if (!hasNextPage) return null;
  return (
    <div ref={sentinel} className="flex justify-center pt-2">
      <PendingButton
        type="button"
        className="btn btn-outline"
        onClick={() => void fetchNextPage()}
        pending={isFetchingNextPage}
        pendingLabel={T.loadingMore}
      >
        {T.loadMore}
      </PendingButton>
    </div>
  );
}
