import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { Offer } from "#shared/schemas/messages.ts";
import { api } from "#web/lib/api-client.ts";
import { queryKeys } from "#web/lib/query-keys.ts";

/** Everything a conversation shows may change: its detail, messages, the list and the badges. */
function useRefreshConversations() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: queryKeys.conversations.all });
}

const at = (id: string, rest: string) => `/api/conversations/${encodeURIComponent(id)}/${rest}`;

export function useBlock(conversationId: string) {
  const onSettled = useRefreshConversations();
  return useMutation({
    mutationFn: (block: boolean) =>
      api<void>(at(conversationId, "block"), { method: block ? "POST" : "DELETE" }),
    onSettled,
  });
}

export function useReportConversation(conversationId: string) {
  const onSettled = useRefreshConversations();
  return useMutation({
    mutationFn: (reason: string) =>
      api<{ reported: true }>(at(conversationId, "report"), { method: "POST", body: { reason } }),
    onSettled,
  });
}

export function useMakeOffer(conversationId: string) {
  const onSettled = useRefreshConversations();
  return useMutation({
    mutationFn: (amount: number) =>
      api<{ offer: Offer }>(at(conversationId, "offers"), { method: "POST", body: { amount } }),
    onSettled,
  });
}

export function useAnswerOffer() {
  const onSettled = useRefreshConversations();
  return useMutation({
    mutationFn: ({ offerId, accept }: { offerId: string; accept: boolean }) =>
      api<{ offer: Offer }>(`/api/offers/${encodeURIComponent(offerId)}/${accept ? "accept" : "decline"}`, {
        method: "POST",
      }),
    onSettled,
  });
}
