import { queryOptions, useQuery } from "@tanstack/react-query";
import type { Overview } from "#shared/schemas/overview.ts";
import { api } from "#web/lib/api-client.ts";
import { queryKeys } from "#web/lib/query-keys.ts";

/**
 * The dashboard's counts. They change with what happens anywhere (a booking, a payment, a report, a
 * hold running out), so they are asked again each time the page opens instead of being kept fresh by
 * every mutation of every feature.
 */
export const overviewQueryOptions = () =>
  queryOptions({
    queryKey: queryKeys.overview,
    queryFn: ({ signal }) => api<Overview>("/api/me/overview", { signal }),
    staleTime: 0,
    refetchOnMount: "always",
  });

export function useOverview() {
  return useQuery(overviewQueryOptions());
}
