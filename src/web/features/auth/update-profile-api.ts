import { partialMatchKey, useMutation, useQueryClient } from "@tanstack/react-query";
import type { MeResponse } from "#shared/schemas/auth.ts";
import { api } from "#web/lib/api-client.ts";
import { queryKeys } from "#web/lib/query-keys.ts";

/** Name and/or photo as multipart. The top bar reads "me", so it shows the change at once. */
export function useUpdateProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: FormData) => api<MeResponse>("/api/auth/me", { method: "PATCH", body }),
    onSuccess: (me) => {
      queryClient.setQueryData(queryKeys.auth.me, me);
      // Listings, orders and tables cached earlier show the old name and photo beside the user's own items.
      void queryClient.invalidateQueries({
        predicate: (q) => !partialMatchKey(q.queryKey, queryKeys.auth.all),
      });
    },
  });
}
