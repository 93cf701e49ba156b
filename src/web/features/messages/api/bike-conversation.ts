import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { Message } from "#shared/schemas/messages.ts";
import { api } from "#web/lib/api-client.ts";
import { queryKeys } from "#web/lib/query-keys.ts";
import { bikeConversationPath } from "./accepted-offer.ts";

export { useMyBikeConversation } from "./accepted-offer.ts";

/** "Message the seller": starts the buyer's conversation about the bike (or adds to it). */
export function useAskSeller(listingId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: string) =>
      api<{ conversationId: string; message: Message }>(bikeConversationPath(listingId), {
        method: "POST",
        body: { body },
      }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.conversations.all }),
  });
}
