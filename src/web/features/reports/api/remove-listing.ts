import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "#web/lib/api-client.ts";
import { reportsKey } from "./get-reported-items.ts";

export function removeListing(listingId: string) {
  return api<void>(`/api/admin/listings/${encodeURIComponent(listingId)}`, { method: "DELETE" });
}

/** The listing leaves the reported items and every list of bikes. */
export function useRemoveListing() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: removeListing,
    onSuccess: () =>
      Promise.all([reportsKey, ["listings"]].map((queryKey) => queryClient.invalidateQueries({ queryKey }))),
  });
}
