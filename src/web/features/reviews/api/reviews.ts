import {
  infiniteQueryOptions,
  queryOptions,
  useInfiniteQuery,
  useMutation,
  useQuery,
  useQueryClient,
} from "@tanstack/react-query";
import type {
  MyRatings,
  ReportedReviewsPage,
  ReviewCreateReq,
  ReviewResponse,
  ReviewsPage,
} from "#shared/schemas/reviews.ts";
import { api } from "#web/lib/api-client.ts";
import { cursorPaging, pagePath } from "#web/lib/paging.ts";
import { queryKeys } from "#web/lib/query-keys.ts";

const sellerReviewsOptions = (sellerId: string) =>
  infiniteQueryOptions({
    queryKey: queryKeys.reviews.ofSeller(sellerId),
    queryFn: ({ pageParam, signal }) =>
      api<ReviewsPage>(pagePath(`/api/sellers/${encodeURIComponent(sellerId)}/reviews`, pageParam), {
        signal,
      }),
    ...cursorPaging,
  });

/** A seller's ratings, newest first. */
export function useSellerReviews(sellerId: string) {
  return useInfiniteQuery(sellerReviewsOptions(sellerId));
}

/** The buyer's ratings by order. */
export function useMyRatings(enabled = true) {
  return useQuery(
    queryOptions({
      queryKey: queryKeys.reviews.mine,
      queryFn: ({ signal }) => api<MyRatings>("/api/me/reviews", { signal }),
      enabled,
    }),
  );
}

/** A rating or a removal changes a seller's average on every card and page: those refresh too. */
function useRefreshRatings() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all(
      [queryKeys.reviews.all, queryKeys.listings.all].map((queryKey) =>
        queryClient.invalidateQueries({ queryKey }),
      ),
    );
}

export function useRateSeller() {
  const refresh = useRefreshRatings();
  return useMutation({
    mutationFn: ({ orderId, ...body }: ReviewCreateReq & { orderId: string }) =>
      api<ReviewResponse>(`/api/orders/${encodeURIComponent(orderId)}/review`, { method: "POST", body }),
    onSuccess: refresh,
  });
}

export function useReplyToReview() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ reviewId, reply }: { reviewId: string; reply: string }) =>
      api<ReviewResponse>(`/api/reviews/${encodeURIComponent(reviewId)}/reply`, {
        method: "POST",
        body: { reply },
      }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.reviews.all }),
  });
}

export function useReportReview() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ reviewId, reason }: { reviewId: string; reason: string }) =>
      api<{ reported: true }>(`/api/reviews/${encodeURIComponent(reviewId)}/report`, {
        method: "POST",
        body: { reason },
      }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.reviews.reported }),
  });
}

const reportedOptions = () =>
  infiniteQueryOptions({
    queryKey: queryKeys.reviews.reported,
    queryFn: ({ pageParam, signal }) =>
      api<ReportedReviewsPage>(pagePath("/api/admin/reviews/reported", pageParam), { signal }),
    ...cursorPaging,
  });

/** The admins' queue of reported reviews. */
export function useReportedReviews() {
  return useInfiniteQuery(reportedOptions());
}

export function useRemoveReview() {
  const refresh = useRefreshRatings();
  return useMutation({
    mutationFn: (reviewId: string) =>
      api<void>(`/api/admin/reviews/${encodeURIComponent(reviewId)}`, { method: "DELETE" }),
    onSuccess: refresh,
  });
}

export function useDismissReviewReports() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (reviewId: string) =>
      api<void>(`/api/admin/reviews/${encodeURIComponent(reviewId)}/dismiss`, { method: "POST" }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.reviews.reported }),
  });
}
