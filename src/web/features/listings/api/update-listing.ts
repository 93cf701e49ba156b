import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { Listing, ListingUpdate } from "#shared/schemas/listings.ts";
import { api, refreshAfter } from "#web/lib/api-client.ts";
import { queryKeys } from "#web/lib/query-keys.ts";

/** `body`: the fields to change (null clears an optional one) and `photoIds`, the photos in their new order. */
function updateListing({ id, body }: { id: string; body: ListingUpdate }) {
  return api<{ listing: Listing }>(`/api/listings/${encodeURIComponent(id)}`, { method: "PATCH", body });
}

/**
 * Saves a seller's changes to a listing. Every cached bike refetches afterwards, also after a
 * refusal: a 409 means it was sold meanwhile, and the edit page should learn that.
 */
export function useUpdateListing() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateListing,
    onSettled: (_data, error) =>
      refreshAfter(error, () => queryClient.invalidateQueries({ queryKey: queryKeys.listings.all })),
  });
}
