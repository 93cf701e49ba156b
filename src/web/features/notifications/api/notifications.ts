import {
  infiniteQueryOptions,
  useInfiniteQuery,
  useMutation,
  useQuery,
  useQueryClient,
} from "@tanstack/react-query";
import type {
  DeadLettersPage,
  EmailPreferences,
  NotificationKind,
  NotificationsPage,
  UnsubscribeResponse,
} from "#shared/schemas/notifications.ts";
import { api } from "#web/lib/api-client.ts";
import { cursorPaging, pagePath } from "#web/lib/paging.ts";
import { queryKeys } from "#web/lib/query-keys.ts";

/** The event stream invalidates every key under ["notifications"]: these refetch on a new one. */

export function useNotifications() {
  return useInfiniteQuery(
    infiniteQueryOptions({
      queryKey: queryKeys.notifications.list,
      queryFn: ({ pageParam, signal }) =>
        api<NotificationsPage>(pagePath("/api/notifications", pageParam), { signal }),
      ...cursorPaging,
    }),
  );
}

/** The bell's count; off while nobody is signed in. */
export function useUnreadNotifications(enabled: boolean) {
  return useQuery({
    queryKey: queryKeys.notifications.unread,
    queryFn: async ({ signal }) =>
      (await api<{ unread: number }>("/api/notifications/unread-count", { signal })).unread,
    enabled,
  });
}

/** Marks read every notification up to `upTo` (all without it); the list and the count refetch. */
export function useMarkRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (upTo?: number) =>
      api<{ unread: number }>("/api/notifications/read", { method: "POST", body: upTo ? { upTo } : {} }),
    onSuccess: ({ unread }) => queryClient.setQueryData(queryKeys.notifications.unread, unread),
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.notifications.all }),
  });
}

export function useEmailPreferences() {
  return useQuery({
    queryKey: queryKeys.notifications.preferences,
    queryFn: async ({ signal }) =>
      (await api<{ email: EmailPreferences }>("/api/notifications/preferences", { signal })).email,
  });
}

export function useSetEmailPreference() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ kind, on }: { kind: NotificationKind; on: boolean }) =>
      api<{ email: EmailPreferences }>("/api/notifications/preferences", {
        method: "PUT",
        body: { email: { [kind]: on } },
      }),
    onSuccess: ({ email }) => queryClient.setQueryData(queryKeys.notifications.preferences, email),
  });
}

/** The email's one-click link, from the unsubscribe page (no session needed). */
export function useUnsubscribe() {
  return useMutation({
    mutationFn: (token: string) =>
      api<UnsubscribeResponse>(`/api/notifications/unsubscribe?token=${encodeURIComponent(token)}`, {
        method: "POST",
      }),
  });
}

const deadKey = [...queryKeys.notifications.all, "dead"] as const;

export function useDeadLetters() {
  return useInfiniteQuery(
    infiniteQueryOptions({
      queryKey: deadKey,
      queryFn: ({ pageParam, signal }) =>
        api<DeadLettersPage>(pagePath("/api/admin/outbox/dead", pageParam), { signal }),
      ...cursorPaging,
    }),
  );
}

export function useRetryDeadLetter() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api<{ retried: true }>(`/api/admin/outbox/${id}/retry`, { method: "POST" }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: deadKey }),
  });
}
