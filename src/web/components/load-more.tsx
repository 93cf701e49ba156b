type LoadMoreProps = {
  hasNextPage: boolean;
  isFetchingNextPage: boolean;
  fetchNextPage: () => unknown;
};

/** The next page of a list, on request; nothing once the last page is in. */
export function LoadMore({ hasNextPage, isFetchingNextPage, fetchNextPage }: LoadMoreProps) {
  if (!hasNextPage) return null;
  return (
    <div className="flex justify-center pt-2">
      <button
        type="button"
        className="btn btn-outline"
        onClick={() => void fetchNextPage()}
        disabled={isFetchingNextPage}
      >
        {isFetchingNextPage ? (
          <span className="loading loading-spinner loading-sm" aria-hidden="true" />
        ) : null}
        {isFetchingNextPage ? "Loading more…" : "Load more"}
      </button>
    </div>
  );
}
