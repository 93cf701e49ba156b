import { MSG } from "#shared/messages.ts";
import { FormError } from "#web/components/form-field.tsx";
import { useFormat, useTexts } from "#web/lib/i18n.tsx";
import { DEAL_PAGES_TEXT } from "#web/texts/deals.ts";

type PayFooterProps = {
  /** What the card will be charged, in poisha (the intent's amount): the button names it. */
  amount: number;
  processing: boolean;
  /** The provider's answer when the card was refused, shown in red. */
  error: string | null;
  /** Stripe.js still loading: the button waits for it. */
  disabled?: boolean;
};

/** The end of either card form: the processor's answer, a progress bar while it thinks, and Pay ৳…. */
export function PayFooter({ amount, processing, error, disabled = false }: PayFooterProps) {
  const T = useTexts(DEAL_PAGES_TEXT).dealPages.cardForm;
  const payment = useTexts(MSG).payment;
  const format = useFormat();
  return (
    <div className="flex flex-col gap-3">
      <FormError message={error} />
      {processing ? (
        <progress className="progress progress-primary w-full" aria-label={T.processing} />
      ) : null}
      <button type="submit" className="btn btn-primary w-full" disabled={processing || disabled}>
        {payment.payAmount(format.taka(amount / 100))}
      </button>
    </div>
  );
}
