import { partialMatchKey, useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "#web/lib/api-client.ts";
import { queryKeys } from "#web/lib/query-keys.ts";

function deleteListing(id: string) {
  return api<undefined>(`/api/listings/${encodeURIComponent(id)}`, { method: "DELETE" });
}

/**
 * Deletes one of the seller's unsold bikes; every list refetches without it. The bike's own detail
 * is only marked stale: refetching it now would flash "not found" on the page that is leaving it.
 */
export function useDeleteListing() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteListing,
    onSuccess: (_data, id) => {
      const detail = queryKeys.listings.detail(id);
      void queryClient.invalidateQueries({ queryKey: detail, refetchType: "none" });
      return queryClient.invalidateQueries({
        queryKey: queryKeys.listings.all,
        predicate: (query) => !partialMatchKey(query.queryKey, detail),
      });
    },
    // The usual reason for a refusal is that the bike was sold meanwhile: show it as sold.
    onError: () => queryClient.invalidateQueries({ queryKey: queryKeys.listings.all }),
  });
}
