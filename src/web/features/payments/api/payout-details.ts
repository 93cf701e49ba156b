import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { PayoutDetailsReq, PayoutDetailsResponse } from "#shared/schemas/payouts.ts";
import { api } from "#web/lib/api-client.ts";
import { queryKeys } from "#web/lib/query-keys.ts";

/** Where the seller is paid, or null. */
export function usePayoutDetails() {
  return useQuery({
    queryKey: queryKeys.payments.payoutDetails,
    queryFn: ({ signal }) => api<PayoutDetailsResponse>("/api/me/payout-details", { signal }),
  });
}

/** Saves it; the answer (as stored: a wallet's number as +8801…) replaces what the page shows. */
export function useSetPayoutDetails() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: PayoutDetailsReq) =>
      api<PayoutDetailsResponse>("/api/me/payout-details", { method: "PUT", body }),
    onSuccess: (data) => queryClient.setQueryData(queryKeys.payments.payoutDetails, data),
  });
}
