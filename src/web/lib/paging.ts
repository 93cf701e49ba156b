import type { InfiniteData } from "@tanstack/react-query";

/** One page of a list endpoint: keyset-paged, `nextCursor` null on the last page. */
export type Page<T> = { items: T[]; nextCursor: string | null };

/** `path` with the cursor of the page to fetch (none for the first page). */
export function pagePath(path: string, cursor: string | null): string {
  return cursor ? `${path}?cursor=${encodeURIComponent(cursor)}` : path;
}

/** The paging half of `infiniteQueryOptions` every list endpoint shares. */
export const cursorPaging = {
  initialPageParam: null as string | null,
  getNextPageParam: (last: Page<unknown>) => last.nextCursor,
};

/** Every item loaded so far, in order. */
export function allItems<T>(data: InfiniteData<Page<T>, unknown> | undefined): T[] {
  return data?.pages.flatMap((p) => p.items) ?? [];
}
