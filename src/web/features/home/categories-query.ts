import { queryOptions } from "@tanstack/react-query";
import type { z } from "zod";
import type { CategoriesResponseSchema } from "#shared/schemas/categories.ts";
import { api } from "#web/lib/api-client.ts";

export type CategoriesResponse = z.infer<typeof CategoriesResponseSchema>;

export const categoriesQueryOptions = () =>
  queryOptions({
    queryKey: ["categories"] as const,
    queryFn: ({ signal }) => api<CategoriesResponse>("/api/categories", { signal }),
    staleTime: 5 * 60_000,
  });
