import { infiniteQueryOptions, useInfiniteQuery, useMutation, useQueryClient } from "@tanstack/react-query";
import type { ReportedConversation } from "#shared/schemas/messages.ts";
import { api } from "#web/lib/api-client.ts";
import { cursorPaging, type Page, pagePath } from "#web/lib/paging.ts";
import { queryKeys } from "#web/lib/query-keys.ts";

const key = queryKeys.conversations.reported;

/** The admins' queue of reported conversations. */
export function useReportedConversations() {
  return useInfiniteQuery(
    infiniteQueryOptions({
      queryKey: key,
      queryFn: ({ pageParam, signal }) =>
        api<Page<ReportedConversation>>(pagePath("/api/admin/conversation-reports", pageParam), { signal }),
      ...cursorPaging,
    }),
  );
}

export function useDismissConversationReports() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (conversationId: string) =>
      api<void>(`/api/admin/conversation-reports/${encodeURIComponent(conversationId)}/dismiss`, {
        method: "POST",
      }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: key }),
  });
}
