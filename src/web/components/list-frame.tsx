import type { InfiniteData, UseInfiniteQueryResult } from "@tanstack/react-query";
import type { ReactNode } from "react";
import { allItems, type Page } from "#web/lib/paging.ts";
import { LoadError } from "./load-error.tsx";
import { LoadMore } from "./load-more.tsx";

type ListFrameProps<T> = {
  query: UseInfiniteQueryResult<InfiniteData<Page<T>, unknown>>;
  /** While the first page loads: a spinner, or skeletons shaped like the items. */
  loading: ReactNode;
  /** When there is nothing to list: an EmptyState that says what would show up here. */
  empty: ReactNode;
  /** Every item loaded so far. */
  children: (items: T[]) => ReactNode;
};

/**
 * A paged list's states, the same on every list page: loading, the error with a retry, empty, or
 * the items and the next page. Once items are shown a failed refetch keeps them, and a failed next
 * page says so where the next page would be, with its own retry.
 */
export function ListFrame<T>({ query, loading, empty, children }: ListFrameProps<T>) {
  const items = allItems(query.data);
  if (query.isPending) return loading;
  if (items.length === 0 && query.isError) return <LoadError error={query.error} onRetry={query.refetch} />;
  if (items.length === 0) return empty;
  return (
    <>
      {children(items)}
      {query.isFetchNextPageError ? (
        <LoadError error={query.error} onRetry={query.fetchNextPage} />
      ) : (
        <LoadMore {...query} />
      )}
    </>
  );
}
