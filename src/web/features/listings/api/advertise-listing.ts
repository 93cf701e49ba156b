import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { Listing } from "#shared/schemas/listings.ts";
import { api, refreshAfter } from "#web/lib/api-client.ts";
import { queryKeys } from "#web/lib/query-keys.ts";

function advertiseListing(id: string) {
  return api<{ listing: Listing }>(`/api/listings/${encodeURIComponent(id)}/advertise`, { method: "POST" });
}

/**
 * Advertises one of the seller's bikes. The mutation settles only once the lists have refetched, so
 * the button turns into "Advertised" the moment it stops spinning, and the home page shows the bike.
 */
export function useAdvertiseListing() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: advertiseListing,
    // Settled, not only success: a refusal usually means the bike was sold meanwhile, so show that.
    onSettled: (_data, error) =>
      refreshAfter(error, () => queryClient.invalidateQueries({ queryKey: queryKeys.listings.all })),
  });
}

function stopAdvertising(id: string) {
  return api<{ listing: Listing }>(`/api/listings/${encodeURIComponent(id)}/advertise`, { method: "DELETE" });
}

/**
 * Takes one of the seller's bikes off the home page. Like advertising, it settles once the lists have
 * refetched, so the button reads "Advertise" again the moment it stops spinning.
 */
export function useStopAdvertising() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: stopAdvertising,
    onSettled: (_data, error) =>
      refreshAfter(error, () => queryClient.invalidateQueries({ queryKey: queryKeys.listings.all })),
  });
}
