import { useQuery } from "@tanstack/react-query";
import { api } from "#web/lib/api-client.ts";
import { queryKeys } from "#web/lib/query-keys.ts";

/** Every unread message of the signed-in buyer or seller (the badges); refreshed by the event stream. */
export function useUnreadMessages(enabled: boolean) {
  return useQuery({
    queryKey: queryKeys.conversations.unread,
    queryFn: async ({ signal }) =>
      (await api<{ unread: number }>("/api/conversations/unread", { signal })).unread,
    enabled,
  });
}
