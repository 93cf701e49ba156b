import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { Listing } from "#shared/schemas/listings.ts";
import { queryKeys } from "#web/lib/query-keys.ts";
import { sendWithProgress, type UploadProgress } from "./send-with-progress.ts";

type CreateListingInput = {
  /** The fields of the Add Product form and one `photo` file per photo (the first is the cover), as multipart. */
  body: FormData;
  /** Bytes sent so far, for the photos' progress bars. */
  onProgress?: UploadProgress;
};

function createListing({ body, onProgress }: CreateListingInput) {
  return sendWithProgress<{ listing: Listing }>("/api/listings", body, { onProgress });
}

/** Posts a bike; every list that may show it (mine, its category, all) refetches. */
export function useCreateListing() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createListing,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.listings.all }),
  });
}
