import { queryOptions, useQuery } from "@tanstack/react-query";
import type { z } from "zod";
import type { SellerProfileResponseSchema } from "#shared/schemas/people.ts";
import { api } from "#web/lib/api-client.ts";
import { queryKeys } from "#web/lib/query-keys.ts";

type SellerProfileResponse = z.infer<typeof SellerProfileResponseSchema>;

const sellerQueryOptions = (id: string) =>
  queryOptions({
    queryKey: queryKeys.listings.seller(id),
    queryFn: ({ signal }) => api<SellerProfileResponse>(`/api/sellers/${encodeURIComponent(id)}`, { signal }),
  });

/** A seller's public profile: name, photo, verified tick, member since, bikes sold and for sale. */
export function useSeller(id: string) {
  return useQuery(sellerQueryOptions(id));
}
