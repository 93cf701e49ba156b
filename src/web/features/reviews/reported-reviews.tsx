import { ShieldCheck } from "lucide-react";
import { useState } from "react";
import type { ReportedReview } from "#shared/schemas/reviews.ts";
import { TALK_MSG } from "#shared/talk-messages.ts";
import { ConfirmDialog } from "#web/components/confirm-dialog.tsx";
import { EmptyState } from "#web/components/empty-state.tsx";
import { ListFrame } from "#web/components/list-frame.tsx";
import { PendingButton } from "#web/components/pending-button.tsx";
import { StarRow } from "#web/components/seller-rating.tsx";
import { Spinner } from "#web/components/spinner.tsx";
import { errorMessage } from "#web/lib/api-client.ts";
import { useFormat, useTexts } from "#web/lib/i18n.tsx";
import { toast } from "#web/lib/toast.ts";
import { TALK_PAGES_TEXT } from "#web/texts/talk.ts";
import { useDismissReviewReports, useRemoveReview, useReportedReviews } from "./api/reviews.ts";

function ReportedReviewCard({ item }: { item: ReportedReview }) {
  const { review } = item;
  const [confirming, setConfirming] = useState(false);
  const remove = useRemoveReview();
  const dismiss = useDismissReviewReports();
  const msg = useTexts(TALK_MSG).review;
  const T = useTexts(TALK_PAGES_TEXT).talkPages.reviews;
  const format = useFormat();
  return (
    <article className="flex h-full flex-col gap-3 rounded-box border border-base-300 p-4">
      <header className="flex flex-wrap items-center justify-between gap-2">
        <h3 className="font-semibold">{`${item.buyer.name} → ${item.seller.name}`}</h3>
        <StarRow stars={review.stars} />
      </header>
      <p className="text-xs text-base-content/70">
        {`${T.ratedOn(item.buyer.email, item.seller.email)} `}
        <time dateTime={review.createdAt}>{format.date(review.createdAt)}</time>
      </p>
      {review.comment ? <p className="whitespace-pre-line break-words">{review.comment}</p> : null}
      {review.reply ? (
        <p className="rounded-box bg-base-200 p-2 text-sm whitespace-pre-line break-words">
          <span className="font-semibold">{`${msg.sellerReply}: `}</span>
          {review.reply}
        </p>
      ) : null}
      <ul className="flex flex-col gap-1 text-sm">
        {item.reports.map((r) => (
          <li key={`${r.reporter.id}-${r.reportedAt}`} className="rounded-box bg-warning/10 p-2">
            <span className="font-medium">{r.reporter.name}</span>
            {`: ${r.reason}`}
          </li>
        ))}
      </ul>
      <div className="mt-auto flex flex-wrap gap-2">
        <button type="button" className="btn btn-error btn-sm" onClick={() => setConfirming(true)}>
          {msg.remove}
        </button>
        <PendingButton
          type="button"
          pending={dismiss.isPending}
          className="btn btn-ghost btn-sm"
          onClick={() =>
            dismiss.mutate(review.id, {
              onSuccess: () => toast.success(msg.dismissed),
              onError: (err) => toast.error(errorMessage(err)),
            })
          }
        >
          {msg.dismiss}
        </PendingButton>
      </div>
      <ConfirmDialog
        open={confirming}
        title={msg.remove}
        message={msg.removeConfirm}
        confirmLabel={msg.remove}
        isPending={remove.isPending}
        onCancel={() => setConfirming(false)}
        onConfirm={() =>
          remove.mutate(review.id, {
            onSuccess: () => {
              setConfirming(false);
              toast.success(msg.removed);
            },
            onError: (err) => {
              setConfirming(false);
              toast.error(errorMessage(err));
            },
          })
        }
      />
    </article>
  );
}

/** The admins' reported reviews, a section of Reported items: remove one (it stops counting) or dismiss its reports. */
export function ReportedReviews() {
  const msg = useTexts(TALK_MSG).review;
  const T = useTexts(TALK_PAGES_TEXT).talkPages.reviews;
  return (
    <section aria-labelledby="reported-reviews" className="flex flex-col gap-6">
      <h2 id="reported-reviews" className="text-xl font-bold">
        {msg.adminTitle}
      </h2>
      <ListFrame
        query={useReportedReviews()}
        loading={<Spinner label={T.loadingReported} />}
        empty={
          <EmptyState title={msg.adminEmpty} icon={<ShieldCheck className="size-10" />}>
            {msg.adminEmptyHint}
          </EmptyState>
        }
      >
        {(items) => (
          <ul className="grid grid-cols-1 gap-6 md:grid-cols-2 xl:grid-cols-3">
            {items.map((item) => (
              <li key={item.review.id}>
                <ReportedReviewCard item={item} />
              </li>
            ))}
          </ul>
        )}
      </ListFrame>
    </section>
  );
}
