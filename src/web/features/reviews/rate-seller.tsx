import { Star } from "lucide-react";
import { type FormEvent, useId, useState } from "react";
import { MSG } from "#shared/messages.ts";
import { REVIEW_TEXT_MAX } from "#shared/schemas/reviews.ts";
import { TALK_MSG } from "#shared/talk-messages.ts";
import { FieldError } from "#web/components/field-error.tsx";
import { FormError } from "#web/components/form-field.tsx";
import { PendingButton } from "#web/components/pending-button.tsx";
import { StarRow } from "#web/components/seller-rating.tsx";
import { ApiError, errorMessage } from "#web/lib/api-client.ts";
import { useTexts } from "#web/lib/i18n.tsx";
import { toast } from "#web/lib/toast.ts";
import { useMyRatings, useRateSeller } from "./api/reviews.ts";

type RateSellerProps = { orderId: string; sellerName: string };

/**
 * On a paid order (My orders): "Rate the seller" — 1 to 5 stars as a radio group, an optional
 * comment with its counter — or, once rated, the stars given.
 */
export function RateSeller({ orderId, sellerName }: RateSellerProps) {
  const mine = useMyRatings();
  const rate = useRateSeller();
  const msg = useTexts(TALK_MSG).review;
  const starLabel = useTexts(MSG).rating.starLabel;
  const [stars, setStars] = useState<number | null>(null);
  const [comment, setComment] = useState("");
  const [errors, setErrors] = useState<{ stars?: string; comment?: string; form?: string }>({});
  const ids = { title: useId(), stars: useId(), comment: useId(), counter: useId(), error: useId() };

  const given = mine.data?.items.find((r) => r.orderId === orderId);
  if (mine.isPending) return null;
  if (given) {
    return (
      <p className="flex flex-wrap items-center gap-2 text-sm">
        <StarRow stars={given.stars} />
        {msg.youRated(starLabel(given.stars))}
      </p>
    );
  }

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (stars === null) {
      setErrors({ stars: msg.starsRequired });
      document.getElementById(`${ids.stars}-1`)?.focus();
      return;
    }
    if (comment.length > REVIEW_TEXT_MAX) {
      setErrors({ comment: msg.commentTooLong });
      return;
    }
    setErrors({});
    try {
      await rate.mutateAsync({ orderId, stars, ...(comment.trim() ? { comment } : {}) });
      toast.success(msg.thanks);
    } catch (err) {
      if (err instanceof ApiError && Object.keys(err.fieldErrors).length > 0) {
        setErrors(err.fieldErrors);
      } else {
        setErrors({ form: errorMessage(err) });
      }
    }
  };

  return (
    <form
      onSubmit={submit}
      aria-labelledby={ids.title}
      noValidate
      className="flex flex-col gap-3 rounded-box border border-base-300 p-3"
    >
      <h3 id={ids.title} className="font-semibold">
        {msg.rateTitle}
      </h3>
      <p className="text-sm text-base-content/70">{msg.rateIntro(sellerName)}</p>
      <fieldset
        aria-describedby={errors.stars ? `${ids.stars}-error` : undefined}
        aria-invalid={errors.stars ? true : undefined}
      >
        <legend className="mb-1 text-sm font-medium">{msg.starsLegend}</legend>
        {/* Native radios of one name: arrow keys move between them, the fieldset names the group. */}
        <div className="flex gap-1">
          {[1, 2, 3, 4, 5].map((n) => (
            <label
              key={n}
              className="cursor-pointer rounded-field p-1 has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-primary"
            >
              <input
                id={`${ids.stars}-${n}`}
                type="radio"
                name={`stars-${orderId}`}
                value={n}
                checked={stars === n}
                onChange={() => setStars(n)}
                className="sr-only"
              />
              <Star
                className={`size-7 ${stars !== null && n <= stars ? "fill-warning text-warning" : "text-base-content/40"}`}
                aria-hidden="true"
              />
              <span className="sr-only">{starLabel(n)}</span>
            </label>
          ))}
        </div>
        {errors.stars ? (
          <p id={`${ids.stars}-error`} className="mt-1 text-sm text-error">
            {errors.stars}
          </p>
        ) : null}
      </fieldset>
      <div className="flex flex-col gap-1">
        <label htmlFor={ids.comment} className="text-sm font-medium">
          {msg.commentLabel}
        </label>
        <textarea
          id={ids.comment}
          className={`textarea w-full ${errors.comment ? "textarea-error" : ""}`}
          rows={3}
          maxLength={REVIEW_TEXT_MAX}
          value={comment}
          onChange={(e) => setComment(e.target.value)}
          aria-describedby={`${ids.counter}${errors.comment ? ` ${ids.comment}-error` : ""}`}
          aria-invalid={errors.comment ? true : undefined}
        />
        <p id={ids.counter} className="self-end text-xs text-base-content/70">
          {msg.counter(comment.length, REVIEW_TEXT_MAX)}
        </p>
        <FieldError id={`${ids.comment}-error`} message={errors.comment} />
      </div>
      <FormError message={errors.form} />
      <PendingButton type="submit" pending={rate.isPending} className="btn btn-primary btn-sm self-start">
        {msg.submit}
      </PendingButton>
    </form>
  );
}
