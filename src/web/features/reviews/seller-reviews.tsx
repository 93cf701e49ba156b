import { MessageSquareReply, Star } from "lucide-react";
import { type FormEvent, useId, useState } from "react";
import { REVIEW_TEXT_MAX, type Review } from "#shared/schemas/reviews.ts";
import { TALK_MSG } from "#shared/talk-messages.ts";
import { EmptyState } from "#web/components/empty-state.tsx";
import { ListFrame } from "#web/components/list-frame.tsx";
import { PendingButton } from "#web/components/pending-button.tsx";
import { StarRow } from "#web/components/seller-rating.tsx";
import { Spinner } from "#web/components/spinner.tsx";
import { UserAvatar } from "#web/components/user-avatar.tsx";
import { ApiError, errorMessage } from "#web/lib/api-client.ts";
import { useFormat, useTexts } from "#web/lib/i18n.tsx";
import { useSession } from "#web/lib/session.ts";
import { toast } from "#web/lib/toast.ts";
import { TALK_PAGES_TEXT } from "#web/texts/talk.ts";
import { useMyRatings, useReplyToReview, useReportReview, useSellerReviews } from "./api/reviews.ts";

/** A short text form (the seller's reply, a report's reason): label, counter, the server's word on it. */
function TextForm({
  label,
  submitLabel,
  pending,
  onSend,
  onCancel,
}: {
  label: string;
  submitLabel: string;
  pending: boolean;
  onSend: (text: string) => Promise<string | null>;
  onCancel: () => void;
}) {
  const [text, setText] = useState("");
  const [error, setError] = useState<string | null>(null);
  const id = useId();
  const msg = useTexts(TALK_MSG).review;
  const T = useTexts(TALK_PAGES_TEXT).talkPages.common;
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setError(await onSend(text));
  };
  return (
    <form onSubmit={submit} noValidate className="flex flex-col gap-1">
      <label htmlFor={id} className="text-sm font-medium">
        {label}
      </label>
      <textarea
        id={id}
        // biome-ignore lint/a11y/noAutofocus: opened by pressing Reply or Report: the field is what comes next.
        autoFocus
        className={`textarea w-full ${error ? "textarea-error" : ""}`}
        rows={2}
        maxLength={REVIEW_TEXT_MAX}
        value={text}
        onChange={(e) => setText(e.target.value)}
        aria-describedby={`${id}-counter${error ? ` ${id}-error` : ""}`}
        aria-invalid={error ? true : undefined}
      />
      <p id={`${id}-counter`} className="self-end text-xs text-base-content/70">
        {msg.counter(text.length, REVIEW_TEXT_MAX)}
      </p>
      {error ? (
        <p id={`${id}-error`} className="text-sm text-error">
          {error}
        </p>
      ) : null}
      <div className="flex gap-2">
        <PendingButton type="submit" pending={pending} className="btn btn-primary btn-sm">
          {submitLabel}
        </PendingButton>
        <button type="button" className="btn btn-ghost btn-sm" onClick={onCancel}>
          {T.cancel}
        </button>
      </div>
    </form>
  );
}

/** The field's or the problem's words, for under a form. */
function problemText(err: unknown, field: string): string {
  return err instanceof ApiError ? (err.fieldErrors[field] ?? errorMessage(err)) : errorMessage(err);
}

function ReviewItem({
  review,
  mayReply,
  mayReport,
}: {
  review: Review;
  mayReply: boolean;
  mayReport: boolean;
}) {
  const [open, setOpen] = useState<"reply" | "report" | null>(null);
  const [reported, setReported] = useState(false);
  const reply = useReplyToReview();
  const report = useReportReview();
  const msg = useTexts(TALK_MSG).review;
  const T = useTexts(TALK_PAGES_TEXT).talkPages.reviews;
  const format = useFormat();
  return (
    <article className="flex flex-col gap-2 rounded-box border border-base-300 p-4">
      <header className="flex flex-wrap items-center gap-3">
        <UserAvatar user={{ name: review.reviewer.firstName, photo: review.reviewer.photo }} size="size-9" />
        <div className="min-w-0">
          <p className="font-medium">{review.reviewer.firstName}</p>
          <p className="text-xs text-base-content/70">
            <time dateTime={review.createdAt}>{format.date(review.createdAt)}</time>
          </p>
        </div>
        <StarRow stars={review.stars} className="ms-auto" />
      </header>
      {/* Plain text as the buyer typed it: React escapes it. */}
      {review.comment ? <p className="whitespace-pre-line break-words">{review.comment}</p> : null}
      {review.reply ? (
        <div className="ms-4 rounded-box bg-base-200 p-3 text-sm">
          <p className="mb-1 font-semibold">{msg.sellerReply}</p>
          <p className="whitespace-pre-line break-words">{review.reply}</p>
        </div>
      ) : null}
      {open === "reply" ? (
        <TextForm
          label={msg.replyLabel}
          submitLabel={msg.replySubmit}
          pending={reply.isPending}
          onCancel={() => setOpen(null)}
          onSend={async (text) => {
            try {
              await reply.mutateAsync({ reviewId: review.id, reply: text });
            } catch (err) {
              return problemText(err, "reply");
            }
            toast.success(msg.replied);
            setOpen(null);
            return null;
          }}
        />
      ) : null}
      {open === "report" ? (
        <TextForm
          label={msg.reportLabel}
          submitLabel={msg.reportSubmit}
          pending={report.isPending}
          onCancel={() => setOpen(null)}
          onSend={async (reason) => {
            try {
              await report.mutateAsync({ reviewId: review.id, reason });
            } catch (err) {
              if (err instanceof ApiError && err.status === 409) {
                setReported(true);
                setOpen(null);
                toast.info(err.message);
                return null;
              }
              return problemText(err, "reason");
            }
            toast.success(msg.reported);
            setReported(true);
            setOpen(null);
            return null;
          }}
        />
      ) : null}
      {open === null ? (
        <div className="flex flex-wrap gap-2">
          {mayReply && !review.reply ? (
            <button type="button" className="btn btn-outline btn-sm" onClick={() => setOpen("reply")}>
              <MessageSquareReply className="size-4" aria-hidden="true" />
              {msg.reply}
            </button>
          ) : null}
          {mayReport && !reported ? (
            <button
              type="button"
              className="btn btn-ghost btn-sm"
              aria-label={T.reportLabel(review.reviewer.firstName)}
              onClick={() => setOpen("report")}
            >
              {msg.report}
            </button>
          ) : null}
        </div>
      ) : null}
    </article>
  );
}

/**
 * A seller's ratings with their replies (their public page, My ratings). The seller answers each
 * once with Reply; anyone signed in but the review's author may report one.
 */
export function SellerReviews({ sellerId, headingLevel = 2 }: { sellerId: string; headingLevel?: 1 | 2 }) {
  const { user } = useSession();
  const mine = useMyRatings(user?.role === "buyer");
  const myReviewIds = new Set(mine.data?.items.map((r) => r.reviewId) ?? []);
  const query = useSellerReviews(sellerId);
  const Heading = headingLevel === 1 ? "h1" : "h2";
  const msg = useTexts(TALK_MSG).review;
  const T = useTexts(TALK_PAGES_TEXT).talkPages.reviews;
  return (
    <section
      id="ratings"
      aria-labelledby={`ratings-${sellerId}`}
      className="flex scroll-mt-20 flex-col gap-4"
    >
      <Heading
        id={`ratings-${sellerId}`}
        className={headingLevel === 1 ? "text-2xl font-bold" : "text-xl font-bold"}
      >
        {msg.listTitle}
      </Heading>
      <ListFrame
        query={query}
        loading={<Spinner label={T.loading} />}
        empty={
          <EmptyState title={msg.listEmpty} icon={<Star className="size-10" />}>
            {msg.listEmptyHint}
          </EmptyState>
        }
      >
        {(reviews) => (
          <ul className="flex max-w-3xl flex-col gap-3">
            {reviews.map((review) => (
              <li key={review.id}>
                <ReviewItem
                  review={review}
                  mayReply={user?.id === sellerId}
                  mayReport={user !== null && !myReviewIds.has(review.id)}
                />
              </li>
            ))}
          </ul>
        )}
      </ListFrame>
    </section>
  );
}
