import { zodResolver } from "@hookform/resolvers/zod";
import { useEffect, useId, useState } from "react";
import { useForm } from "react-hook-form";
import type { z } from "zod";
import { MAX_REASON_LENGTH } from "#shared/message-limits.ts";
import { ReportCreateSchema } from "#shared/schemas/reports.ts";
import { ErrorAlert } from "#web/components/error-alert.tsx";
import { FormField } from "#web/components/form-field.tsx";
import { Modal } from "#web/components/modal.tsx";
import { PendingButton } from "#web/components/pending-button.tsx";
import { ApiError, errorMessage } from "#web/lib/api-client.ts";
import { showFieldErrors } from "#web/lib/form-errors.ts";
import { useTexts } from "#web/lib/i18n.tsx";
import { REPORT_TEXT } from "#web/texts/reports.ts";
import { TALK_PAGES_TEXT } from "#web/texts/talk.ts";

type ReportDialogProps = {
  open: boolean;
  onClose: () => void;
  /**
   * Sends the report; resolves when it is done (the dialog then resets), rejects to keep it open
   * and say why, inside the dialog (a toast would sit behind it).
   */
  onSubmit: (reason: string) => Promise<void>;
  isPending: boolean;
  model: string;
};

/** Asks the buyer why they report the bike, so an admin can judge it. */
export function ReportDialog({ open, onClose, onSubmit, isPending, model }: ReportDialogProps) {
  const idPrefix = useId();
  const T = useTexts(TALK_PAGES_TEXT).talkPages;
  const R = useTexts(REPORT_TEXT).reportPages;
  const introId = `${idPrefix}-intro`;
  const counterId = `${idPrefix}-counter`;
  const {
    register,
    handleSubmit,
    reset,
    setError,
    watch,
    formState: { errors },
  } = useForm<z.input<typeof ReportCreateSchema>, unknown, z.output<typeof ReportCreateSchema>>({
    resolver: zodResolver(ReportCreateSchema),
    defaultValues: { reason: "" },
  });
  const length = watch("reason")?.length ?? 0;
  const [failure, setFailure] = useState<string | null>(null);
  useEffect(() => {
    if (!open) setFailure(null);
  }, [open]);

  const submit = handleSubmit(async ({ reason }) => {
    setFailure(null);
    try {
      await onSubmit(reason);
    } catch (err) {
      // The server's word on the reason goes under it (and focuses it); anything else is said above.
      if (!(err instanceof ApiError && showFieldErrors(err, setError, ["reason"])))
        setFailure(errorMessage(err));
      return;
    }
    reset();
  });

  return (
    <Modal open={open} onClose={onClose} title={R.reportDialog.title} describedBy={introId}>
      <p id={introId} className="mb-4 text-sm text-base-content/70">
        {R.reportDialog.intro(model)}
      </p>
      <form noValidate onSubmit={submit} className="flex flex-col gap-4">
        <ErrorAlert message={failure} />
        <FormField id={`${idPrefix}-reason`} label={R.reportDialog.reason} error={errors.reason?.message}>
          {(control) => (
            <>
              <textarea
                {...control}
                aria-describedby={[control["aria-describedby"], counterId].filter(Boolean).join(" ")}
                {...register("reason")}
                rows={4}
                maxLength={MAX_REASON_LENGTH}
                className="textarea w-full"
                data-autofocus
              />
              <p
                id={counterId}
                className={`text-right text-xs ${length >= MAX_REASON_LENGTH ? "text-error" : "text-base-content/70"}`}
              >
                {R.reportDialog.counter(length, MAX_REASON_LENGTH)}
              </p>
            </>
          )}
        </FormField>
        <div className="modal-action mt-0">
          <button type="button" className="btn btn-ghost" onClick={onClose}>
            {T.common.cancel}
          </button>
          <PendingButton type="submit" className="btn btn-error" pending={isPending}>
            {R.reportDialog.send}
          </PendingButton>
        </div>
      </form>
    </Modal>
  );
}
