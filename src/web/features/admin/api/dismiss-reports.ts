import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "#web/lib/api-client.ts";
import { queryKeys } from "#web/lib/query-keys.ts";

function dismissReports(listingId: string) {
  return api<void>(`/api/admin/reports/${encodeURIComponent(listingId)}/dismiss`, { method: "POST" });
}

export function useDismissReports() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: dismissReports,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.reports.all }),
  });
}
