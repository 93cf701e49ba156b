import { infiniteQueryOptions, queryOptions, useInfiniteQuery, useQuery } from "@tanstack/react-query";
import type { ConversationDetail, ConversationsPage } from "#shared/schemas/messages.ts";
import { api } from "#web/lib/api-client.ts";
import { cursorPaging, pagePath } from "#web/lib/paging.ts";
import { queryKeys } from "#web/lib/query-keys.ts";

/** The event stream invalidates every key under ["conversations"]: these refetch on a new message. */

export function useConversations() {
  return useInfiniteQuery(
    infiniteQueryOptions({
      queryKey: queryKeys.conversations.list,
      queryFn: ({ pageParam, signal }) =>
        api<ConversationsPage>(pagePath("/api/conversations", pageParam), { signal }),
      ...cursorPaging,
    }),
  );
}

export const conversationQueryOptions = (id: string) =>
  queryOptions({
    queryKey: queryKeys.conversations.detail(id),
    queryFn: async ({ signal }) =>
      (
        await api<{ conversation: ConversationDetail }>(`/api/conversations/${encodeURIComponent(id)}`, {
          signal,
        })
      ).conversation,
  });

export function useConversation(id: string) {
  return useQuery(conversationQueryOptions(id));
}
