import { zodResolver } from "@hookform/resolvers/zod";
import { type ChangeEvent, useId, useRef, useState } from "react";
import { useForm } from "react-hook-form";
import {
  type Card,
  type CardField,
  CardFormSchema,
  type CardForm as CardFormValues,
  type PaymentConfirmResponse,
  type PaymentIntentResponse,
} from "#shared/schemas/payments.ts";
import { FormField } from "#web/components/form-field.tsx";
import { ApiError } from "#web/lib/api-client.ts";
import { showFieldErrors } from "#web/lib/form-errors.ts";
import { useTexts } from "#web/lib/i18n.tsx";
import { DEAL_PAGES_TEXT } from "#web/texts/deals.ts";
import { useConfirmPayment } from "./api/confirm-payment.ts";
import { regroup } from "./card-number.ts";
import { PayFooter } from "./pay-footer.tsx";
import { cardInputs, outcomeUnknown, paymentFailure } from "./payment-errors.ts";

type CardFormProps = {
  intent: PaymentIntentResponse;
  onPaid: (result: PaymentConfirmResponse) => void;
  /** No answer to the confirmation: whether the card was charged is not known (see PaymentForm). */
  onUnsure: () => void;
};

/** The three inputs, labelled in the page's language (`T`: `useTexts(DEAL_PAGES_TEXT)`'s card form). */
const inputsIn = (
  T: typeof DEAL_PAGES_TEXT.dealPages.cardForm,
): {
  name: CardField;
  label: string;
  autoComplete: string;
  placeholder: string;
  /** None for the number: a pasted number may carry more separators than its grouping (it is capped at 19 digits). */
  maxLength?: number;
}[] => [
  { name: "number", label: T.number, autoComplete: "cc-number", placeholder: "1234 1234 1234 1234" },
  { name: "expiry", label: T.expiry, autoComplete: "cc-exp", placeholder: T.expiryPlaceholder, maxLength: 7 },
  { name: "cvc", label: T.cvc, autoComplete: "cc-csc", placeholder: "123", maxLength: 4 },
];

/**
 * The test provider's card form: checked here as the buyer submits (the same rules and messages as
 * the server), then sent to our server, which confirms it with the test-mode processor.
 */
export function CardForm({ intent, onPaid, onUnsure }: CardFormProps) {
  const idPrefix = useId();
  const T = useTexts(DEAL_PAGES_TEXT).dealPages.cardForm;
  const confirm = useConfirmPayment();
  const [declined, setDeclined] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm<CardFormValues, unknown, Card>({
    resolver: zodResolver(CardFormSchema),
    defaultValues: { number: "", expiry: "", cvc: "" },
  });

  // The number is regrouped as it is typed or pasted (4-4-4-4, Amex 4-6-5); the schema sends digits.
  const number = register("number");
  const lastNumber = useRef("");
  const onNumberChange = (event: ChangeEvent<HTMLInputElement>) => {
    const input = event.target;
    const next = regroup({
      value: input.value,
      caret: input.selectionStart ?? input.value.length,
      previous: lastNumber.current,
      inputType: (event.nativeEvent as InputEvent).inputType,
    });
    lastNumber.current = next.value;
    if (input.value !== next.value) {
      input.value = next.value;
      // Only while the person is in the field: moving the caret of another field would steal focus.
      if (document.activeElement === input) input.setSelectionRange(next.caret, next.caret);
    }
    return number.onChange(event);
  };

  const onSubmit = handleSubmit(async (card) => {
    setDeclined(null);
    try {
      onPaid(
        await confirm.mutateAsync({ intentId: intent.intentId, clientSecret: intent.clientSecret, card }),
      );
    } catch (err) {
      if (outcomeUnknown(err)) {
        onUnsure();
        return;
      }
      if (err instanceof ApiError && showFieldErrors(err, setError, cardInputs)) return;
      setDeclined(paymentFailure(err));
    }
  });

  return (
    <form noValidate onSubmit={onSubmit} aria-label={T.label} className="flex flex-col gap-4">
      <fieldset disabled={confirm.isPending} className="grid grid-cols-2 gap-4">
        {inputsIn(T).map((input) => (
          <div key={input.name} className={input.name === "number" ? "col-span-2" : "col-span-1"}>
            <FormField
              id={`${idPrefix}-${input.name}`}
              label={input.label}
              error={errors[input.name]?.message}
            >
              {(control) => (
                <input
                  {...control}
                  {...(input.name === "number"
                    ? { ...number, onChange: onNumberChange }
                    : register(input.name))}
                  type="text"
                  inputMode="numeric"
                  autoComplete={input.autoComplete}
                  placeholder={input.placeholder}
                  maxLength={input.maxLength}
                  className="input w-full font-mono"
                />
              )}
            </FormField>
          </div>
        ))}
      </fieldset>
      <PayFooter amount={intent.amount} processing={confirm.isPending} error={declined} />
    </form>
  );
}
