import { queryOptions, useQuery } from "@tanstack/react-query";
import type { Category } from "#shared/schemas/categories.ts";
import { queryKeys } from "#web/lib/query-keys.ts";
import { api } from "./api-client.ts";

/** The categories as the server serves them (slug and label), for any feature's menus and forms. */
export const categoriesQueryOptions = () =>
  queryOptions({
    queryKey: queryKeys.categories,
    queryFn: ({ signal }) => api<{ categories: Category[] }>("/api/categories", { signal }),
    // They change only with a release.
    staleTime: 5 * 60_000,
  });

export function useCategories() {
  return useQuery(categoriesQueryOptions());
}
