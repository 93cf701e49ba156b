import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "#web/lib/api-client.ts";
import { queryKeys } from "#web/lib/query-keys.ts";

function removeListing(listingId: string) {
  return api<void>(`/api/admin/listings/${encodeURIComponent(listingId)}`, { method: "DELETE" });
}

/** The listing leaves the reported items and every list of bikes. */
export function useRemoveListing() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: removeListing,
    onSuccess: () =>
      Promise.all(
        [queryKeys.reports.all, queryKeys.listings.all].map((queryKey) =>
          queryClient.invalidateQueries({ queryKey }),
        ),
      ),
  });
}
