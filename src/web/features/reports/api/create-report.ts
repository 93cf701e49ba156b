import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { ReportCreateReq } from "#shared/schemas/reports.ts";
import { api } from "#web/lib/api-client.ts";
import { queryKeys } from "#web/lib/query-keys.ts";

function createReport({ listingId, ...body }: ReportCreateReq & { listingId: string }) {
  return api<{ reported: true }>(`/api/listings/${encodeURIComponent(listingId)}/reports`, {
    method: "POST",
    body,
  });
}

/** A listing's detail says whether I reported it; the admins' list gains the report. */
export function useCreateReport() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createReport,
    onSuccess: () =>
      Promise.all(
        [queryKeys.listings.all, queryKeys.reports.all].map((queryKey) =>
          queryClient.invalidateQueries({ queryKey }),
        ),
      ),
  });
}
