import { zodResolver } from "@hookform/resolvers/zod";
import { useId, useState } from "react";
import { useForm } from "react-hook-form";
import type { z } from "zod";
import { MONEY_MSG } from "#shared/money-messages.ts";
import { DisputeHandoverSchema } from "#shared/schemas/money.ts";
import { DISPUTE_REASONS } from "#shared/schemas/orders.ts";
import { ErrorAlert } from "#web/components/error-alert.tsx";
import { FormField } from "#web/components/form-field.tsx";
import { Modal } from "#web/components/modal.tsx";
import { PendingButton } from "#web/components/pending-button.tsx";
import { ApiError, errorMessage } from "#web/lib/api-client.ts";
import { showFieldErrors } from "#web/lib/form-errors.ts";
import { useTexts } from "#web/lib/i18n.tsx";
import { DEAL_PAGES_TEXT } from "#web/texts/deals.ts";
import { useDisputeHandover } from "./api/handover-disputes.ts";

const MAX_DESCRIPTION = 2000;

type DisputeDialogProps = {
  orderId: string;
  model: string;
  open: boolean;
  onClose: () => void;
  onDone: () => void;
};

/**
 * The buyer's "something is wrong" with a card-paid handover: what went wrong and what happened. The
 * same rules as the server (DisputeHandoverSchema); a refusal that names no field is said inside the
 * dialog, where the buyer is looking.
 */
export function DisputeDialog({ orderId, model, open, onClose, onDone }: DisputeDialogProps) {
  const idPrefix = useId();
  const T = useTexts(DEAL_PAGES_TEXT).dealPages.handoverDisputes;
  const words = useTexts(MONEY_MSG).dispute;
  const introId = `${idPrefix}-intro`;
  const dispute = useDisputeHandover();
  const [failure, setFailure] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm<z.input<typeof DisputeHandoverSchema>, unknown, z.output<typeof DisputeHandoverSchema>>({
    resolver: zodResolver(DisputeHandoverSchema),
  });
  const submit = handleSubmit(async (values) => {
    setFailure(null);
    try {
      await dispute.mutateAsync({ orderId, ...values });
    } catch (err) {
      if (!(err instanceof ApiError && showFieldErrors(err, setError, ["reason", "description"])))
        setFailure(errorMessage(err));
      return;
    }
    onDone();
  });
  const reasonError = errors.reason?.message;
  return (
    <Modal open={open} onClose={onClose} title={words.formTitle(model)} describedBy={introId}>
      <p id={introId} className="mb-4 text-sm text-base-content/70">
        {words.formIntro}
      </p>
      <form noValidate onSubmit={submit} className="flex flex-col gap-4">
        <ErrorAlert message={failure} />
        <fieldset
          className="flex flex-col gap-2"
          aria-invalid={Boolean(reasonError)}
          aria-describedby={reasonError ? `${idPrefix}-reason-error` : undefined}
        >
          <legend className="mb-1 text-sm font-medium">{words.reasonLabel}</legend>
          {DISPUTE_REASONS.map((reason, i) => (
            <label key={reason} className="flex cursor-pointer items-center gap-2 text-sm">
              <input
                type="radio"
                value={reason}
                className="radio radio-sm"
                {...register("reason")}
                {...(i === 0 ? { "data-autofocus": true } : {})}
              />
              {words.reasons[reason]}
            </label>
          ))}
          {reasonError ? (
            <p id={`${idPrefix}-reason-error`} role="alert" className="text-sm font-medium text-error">
              {reasonError}
            </p>
          ) : null}
        </fieldset>
        <FormField
          id={`${idPrefix}-description`}
          label={words.descriptionLabel}
          hint={words.descriptionHint}
          error={errors.description?.message}
        >
          {(control) => (
            <textarea
              {...control}
              {...register("description")}
              rows={5}
              maxLength={MAX_DESCRIPTION}
              className="textarea w-full"
            />
          )}
        </FormField>
        <div className="modal-action mt-0">
          <button type="button" className="btn btn-ghost" onClick={onClose}>
            {T.cancel}
          </button>
          <PendingButton type="submit" className="btn btn-error" pending={dispute.isPending}>
            {words.submit}
          </PendingButton>
        </div>
      </form>
    </Modal>
  );
}
