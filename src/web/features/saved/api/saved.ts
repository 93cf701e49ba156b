import {
  infiniteQueryOptions,
  queryOptions,
  useInfiniteQuery,
  useMutation,
  useQuery,
  useQueryClient,
} from "@tanstack/react-query";
import type { SavedIds, SavedPage, SavedState } from "#shared/schemas/saved.ts";
import { api } from "#web/lib/api-client.ts";
import { cursorPaging, pagePath } from "#web/lib/paging.ts";
import { queryKeys } from "#web/lib/query-keys.ts";

const savedIdsOptions = () =>
  queryOptions({
    queryKey: queryKeys.saved.ids,
    queryFn: ({ signal }) => api<SavedIds>("/api/saved/ids", { signal }),
    // One answer for every heart of every page: asked once a minute at most.
    staleTime: 60_000,
    select: (data) => new Set(data.ids),
  });

/** Which bikes the signed-in buyer saved (asked only for a buyer: `enabled`). */
export function useSavedIds(enabled: boolean) {
  return useQuery({ ...savedIdsOptions(), enabled });
}

const savedPageOptions = () =>
  infiniteQueryOptions({
    queryKey: queryKeys.saved.list,
    queryFn: ({ pageParam, signal }) => api<SavedPage>(pagePath("/api/saved", pageParam), { signal }),
    ...cursorPaging,
  });

/** The Saved page: newest saved first. */
export function useSavedPage() {
  return useInfiniteQuery(savedPageOptions());
}

function setSaved({ listingId, saved }: { listingId: string; saved: boolean }) {
  return api<SavedState>(`/api/saved/${encodeURIComponent(listingId)}`, { method: saved ? "PUT" : "DELETE" });
}

/**
 * Save or unsave a bike. Optimistic: the heart changes at once and changes back if the server
 * refuses; then the ids and the Saved page are asked again.
 */
export function useToggleSaved() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setSaved,
    onMutate: async ({ listingId, saved }) => {
      await queryClient.cancelQueries({ queryKey: queryKeys.saved.ids });
      const before = queryClient.getQueryData<SavedIds>(queryKeys.saved.ids);
      const ids = (before?.ids ?? []).filter((id) => id !== listingId);
      queryClient.setQueryData<SavedIds>(queryKeys.saved.ids, { ids: saved ? [listingId, ...ids] : ids });
      return { before };
    },
    onError: (_err, _vars, context) => {
      queryClient.setQueryData(queryKeys.saved.ids, context?.before);
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.saved.all }),
  });
}
