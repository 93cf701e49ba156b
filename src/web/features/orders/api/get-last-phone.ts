import { queryOptions, useQuery } from "@tanstack/react-query";
import type { OrdersPage } from "#shared/schemas/orders.ts";
import { api } from "#web/lib/api-client.ts";
import { queryKeys } from "#web/lib/query-keys.ts";

/**
 * The phone the buyer gave at their latest booking (null before their first): the booking form
 * offers it, so a returning buyer need not type it again. One order, not the list.
 */
export const lastPhoneQueryOptions = queryOptions({
  queryKey: queryKeys.orders.lastPhone,
  queryFn: ({ signal }) =>
    api<OrdersPage>("/api/me/orders?limit=1", { signal }).then((page) => page.items[0]?.phone ?? null),
  staleTime: 60_000,
});

export function useLastPhone(enabled: boolean) {
  return useQuery({ ...lastPhoneQueryOptions, enabled });
}
