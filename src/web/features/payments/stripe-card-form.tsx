import { CardElement, Elements, useElements, useStripe } from "@stripe/react-stripe-js";
import { loadStripe, type Stripe, type StripeCardElementOptions } from "@stripe/stripe-js";
import { type FormEvent, useState } from "react";
import { MSG } from "#shared/messages.ts";
import type { PaymentConfirmResponse, PaymentIntentResponse } from "#shared/schemas/payments.ts";
import { useTexts } from "#web/lib/i18n.tsx";
import { type Theme, useTheme } from "#web/lib/theme.ts";
import { DEAL_PAGES_TEXT } from "#web/texts/deals.ts";
import { useConfirmPayment } from "./api/confirm-payment.ts";
import { PayFooter } from "./pay-footer.tsx";
import { outcomeUnknown, paymentFailure } from "./payment-errors.ts";

type StripeCardFormProps = {
  intent: PaymentIntentResponse;
  onPaid: (result: PaymentConfirmResponse) => void;
  /** Stripe took the card but our server's answer never came: the page checks the order. */
  onUnsure: () => void;
};

/** Stripe.js is loaded once per key, and only by buyers who reach a Stripe payment. */
const stripes = new Map<string, Promise<Stripe | null>>();
function stripeFor(publishableKey: string) {
  let stripe = stripes.get(publishableKey);
  if (!stripe) {
    stripe = loadStripe(publishableKey);
    stripes.set(publishableKey, stripe);
  }
  return stripe;
}

/** The card field is Stripe's frame, which cannot read our CSS: it gets the theme's colours here. */
const cardStyle = (theme: Theme): StripeCardElementOptions => ({
  hidePostalCode: true,
  style: {
    base: {
      color: theme === "dark" ? "#e5e7eb" : "#1f2937",
      fontSize: "16px",
      "::placeholder": { color: theme === "dark" ? "#9ca3af" : "#6b7280" },
    },
    invalid: { color: theme === "dark" ? "#f87171" : "#b91c1c" },
  },
});

function StripeCard({ intent, onPaid, onUnsure }: StripeCardFormProps) {
  const stripe = useStripe();
  const elements = useElements();
  const { theme } = useTheme();
  const T = useTexts(DEAL_PAGES_TEXT).dealPages.cardForm;
  const payment = useTexts(MSG).payment;
  const confirm = useConfirmPayment();
  const [processing, setProcessing] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    const card = elements?.getElement(CardElement);
    if (!stripe || !card) return;
    setError(null);
    setProcessing(true);
    try {
      // The card goes from Stripe's frame to Stripe (3-D Secure included); our server never sees it.
      const result = await stripe.confirmCardPayment(intent.clientSecret, { payment_method: { card } });
      if (result.error) {
        setError(result.error.message ?? payment.declined);
        return;
      }
      // Stripe said yes to the browser; our server asks Stripe itself before marking the order paid.
      try {
        onPaid(await confirm.mutateAsync({ intentId: intent.intentId, clientSecret: intent.clientSecret }));
      } catch (err) {
        if (!outcomeUnknown(err)) throw err;
        onUnsure();
      }
    } catch (err) {
      setError(paymentFailure(err));
    } finally {
      setProcessing(false);
    }
  };

  return (
    <form noValidate onSubmit={onSubmit} aria-label={T.label} className="flex flex-col gap-4">
      <div className="flex flex-col gap-1">
        <span className="text-sm font-medium">{T.card}</span>
        <div className="input w-full items-center">
          <CardElement className="w-full" options={cardStyle(theme)} />
        </div>
      </div>
      <PayFooter amount={intent.amount} processing={processing} error={error} disabled={!stripe} />
    </form>
  );
}

/** Stripe Elements: the card is typed into Stripe's own field and confirmed by Stripe.js. */
export default function StripeCardForm(props: StripeCardFormProps) {
  return (
    <Elements stripe={stripeFor(props.intent.publishableKey ?? "")}>
      <StripeCard {...props} />
    </Elements>
  );
}
