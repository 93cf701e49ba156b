import type { InfiniteData } from "@tanstack/react-query";
import type { z } from "zod";
import type { pageOf } from "#shared/schemas/paging.ts";

/** One page of a list endpoint, as the shared `pageOf` schema says: `nextCursor` null on the last page. */
export type Page<T> = z.output<ReturnType<typeof pageOf<z.ZodType<T>>>>;

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
