import { infiniteQueryOptions, useInfiniteQuery, useMutation, useQueryClient } from "@tanstack/react-query";
import type { Message, MessagesPage } from "#shared/schemas/messages.ts";
import { api } from "#web/lib/api-client.ts";
import { queryKeys } from "#web/lib/query-keys.ts";

/**
 * A conversation's messages: the newest page first, each further page the one before it (the server
 * pages by message id, `nextCursor` naming the oldest loaded). Each page's items are oldest first.
 */
export function useMessages(conversationId: string) {
  return useInfiniteQuery(
    infiniteQueryOptions({
      queryKey: queryKeys.conversations.messages(conversationId),
      queryFn: ({ pageParam, signal }) => {
        const base = `/api/conversations/${encodeURIComponent(conversationId)}/messages`;
        return api<MessagesPage>(pageParam ? `${base}?cursor=${encodeURIComponent(pageParam)}` : base, {
          signal,
        });
      },
      initialPageParam: null as string | null,
      getNextPageParam: (last: MessagesPage) => last.nextCursor,
    }),
  );
}

/** Every loaded message, oldest first (pages arrive newest first). */
export function inOrder(pages: MessagesPage[] | undefined): Message[] {
  return [...(pages ?? [])].reverse().flatMap((p) => p.items);
}

export function useSendMessage(conversationId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: string) =>
      api<{ message: Message }>(`/api/conversations/${encodeURIComponent(conversationId)}/messages`, {
        method: "POST",
        body: { body },
      }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.conversations.all }),
  });
}

/** Moves the reader's marker: the badges and the list's count refetch. */
export function useMarkRead(conversationId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () =>
      api<void>(`/api/conversations/${encodeURIComponent(conversationId)}/read`, { method: "POST" }),
    onSuccess: () =>
      Promise.all(
        [queryKeys.conversations.unread, queryKeys.conversations.list, queryKeys.notifications.all].map(
          (queryKey) => queryClient.invalidateQueries({ queryKey }),
        ),
      ),
  });
}
