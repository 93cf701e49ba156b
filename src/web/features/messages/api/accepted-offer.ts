import { useQuery } from "@tanstack/react-query";
import type { MyBikeConversation } from "#shared/schemas/messages.ts";
import { api } from "#web/lib/api-client.ts";
import { queryKeys } from "#web/lib/query-keys.ts";
import { useSession } from "#web/lib/session.ts";

/** The buyer's conversation about a bike, at the bike's own address. */
export const bikeConversationPath = (listingId: string) =>
  `/api/listings/${encodeURIComponent(listingId)}/conversation`;

/**
 * The signed-in buyer's conversation about a bike and an accepted offer to book at (buyers only).
 * Apart from the mutations (api/bike-conversation.ts): a bike's page reads this before its first
 * paint, and the rest loads with Message the seller.
 */
export function useMyBikeConversation(listingId: string, enabled: boolean) {
  return useQuery({
    queryKey: queryKeys.conversations.bike(listingId),
    queryFn: ({ signal }) => api<MyBikeConversation>(bikeConversationPath(listingId), { signal }),
    enabled,
  });
}

/** The accepted offer's price the buyer books at instead of the asking price, if they hold one. */
export function useAcceptedOfferPrice(listingId: string): number | undefined {
  const { user } = useSession();
  return useMyBikeConversation(listingId, user?.role === "buyer").data?.acceptedOffer?.amount;
}
