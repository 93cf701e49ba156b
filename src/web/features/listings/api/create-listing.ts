import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { Listing } from "#shared/schemas/listings.ts";
import { api } from "#web/lib/api-client.ts";
import { queryKeys } from "#web/lib/query-keys.ts";

/** `body`: the fields of the Add Product form and the `photo` file, as multipart. */
function createListing(body: FormData) {
  return api<{ listing: Listing }>("/api/listings", { method: "POST", body });
}

/** Posts a bike; every list that may show it (mine, its category, all) refetches. */
export function useCreateListing() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createListing,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.listings.all }),
  });
}
