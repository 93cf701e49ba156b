import { queryOptions, useQuery } from "@tanstack/react-query";
import type { z } from "zod";
import type { BrandsResponseSchema } from "#shared/schemas/listings.ts";
import { api } from "#web/lib/api-client.ts";
import { queryKeys } from "#web/lib/query-keys.ts";

type BrandsResponse = z.infer<typeof BrandsResponseSchema>;

const brandsQueryOptions = () =>
  queryOptions({
    queryKey: queryKeys.listings.brands,
    queryFn: ({ signal }) => api<BrandsResponse>("/api/listings/brands", { signal }),
    // The catalogue grows slowly: one fetch per visit is plenty.
    staleTime: 10 * 60_000,
  });

/** The brands of the brand filter, from the catalogue of every brand a listing has named. */
export function useBrands() {
  return useQuery(brandsQueryOptions());
}
