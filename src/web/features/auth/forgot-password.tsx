import { zodResolver } from "@hookform/resolvers/zod";
import { MailCheck } from "lucide-react";
import { useEffect, useId, useRef, useState } from "react";
import { useForm } from "react-hook-form";
import type { z } from "zod";
import { MSG } from "#shared/messages.ts";
import { PasswordResetRequestSchema } from "#shared/schemas/auth.ts";
import { Modal } from "#web/components/modal.tsx";
import { PendingButton } from "#web/components/pending-button.tsx";
import { ApiError } from "#web/lib/api-client.ts";
import { showFieldErrors } from "#web/lib/form-errors.ts";
import { useTexts } from "#web/lib/i18n.tsx";
import { toast } from "#web/lib/toast.ts";
import { ACCOUNT_PAGES_TEXT } from "#web/texts/account.ts";
import { EmailField } from "./account-fields.tsx";
import { useRequestPasswordReset } from "./password-reset-api.ts";

type ForgotForm = z.input<typeof PasswordResetRequestSchema>;

type ForgotPasswordProps = {
  /** The address typed into the sign-in form so far, to start from. */
  currentEmail: () => string;
  /** Open at once (the reset page's "ask for a new link" lands here). */
  defaultOpen?: boolean;
};

/**
 * "Forgot password?" and its dialog. The answer is the same whether or not the address has an
 * account (the server says nothing more), so the success text says "if".
 */
export function ForgotPassword({ currentEmail, defaultOpen = false }: ForgotPasswordProps) {
  const T = useTexts(ACCOUNT_PAGES_TEXT).accountPages.forgot;
  const msg = useTexts(MSG);
  const idPrefix = useId();
  const introId = `${idPrefix}-intro`;
  const [open, setOpen] = useState(defaultOpen);
  const [sentTo, setSentTo] = useState<string | null>(null);
  const request = useRequestPasswordReset();
  const backRef = useRef<HTMLButtonElement>(null);
  // The form (and the focused button) just disappeared; keyboard users continue from here.
  useEffect(() => {
    if (sentTo) backRef.current?.focus();
  }, [sentTo]);
  const {
    register,
    handleSubmit,
    reset,
    setError,
    formState: { errors },
  } = useForm<ForgotForm, unknown, z.output<typeof PasswordResetRequestSchema>>({
    resolver: zodResolver(PasswordResetRequestSchema),
    defaultValues: { email: "" },
  });

  const show = () => {
    reset({ email: currentEmail() });
    setSentTo(null);
    setOpen(true);
  };

  const onSubmit = handleSubmit(async ({ email }) => {
    try {
      await request.mutateAsync({ email });
    } catch (err) {
      if (!(err instanceof ApiError)) throw err;
      if (!showFieldErrors(err, setError, ["email"])) toast.error(err.message);
      return;
    }
    toast.success(msg.passwordReset.emailSent);
    setSentTo(email);
  });

  return (
    <>
      <button type="button" className="link link-primary self-center text-sm" onClick={show}>
        {T.open}
      </button>
      <Modal open={open} onClose={() => setOpen(false)} title={T.title} describedBy={introId}>
        {sentTo ? (
          <div className="flex flex-col gap-4">
            <div role="status" className="alert alert-success alert-soft items-start">
              <MailCheck className="size-5 shrink-0" aria-hidden="true" />
              <div>
                <p id={introId} className="font-semibold">
                  {msg.passwordReset.emailSent}
                </p>
                <p className="text-sm">
                  {T.sentBefore}
                  <strong className="break-all">{sentTo}</strong>
                  {T.sentAfter}
                </p>
              </div>
            </div>
            <div className="modal-action mt-0">
              <button ref={backRef} type="button" className="btn btn-primary" onClick={() => setOpen(false)}>
                {T.back}
              </button>
            </div>
          </div>
        ) : (
          <form noValidate onSubmit={onSubmit} className="flex flex-col gap-4">
            <p id={introId} className="text-sm text-base-content/70">
              {T.intro}
            </p>
            <EmailField
              id={`${idPrefix}-email`}
              label={T.email}
              error={errors.email?.message}
              registration={register("email")}
              autoComplete="username"
              data-autofocus
            />
            <div className="modal-action mt-2">
              <button type="button" className="btn btn-ghost" onClick={() => setOpen(false)}>
                {T.cancel}
              </button>
              <PendingButton type="submit" className="btn btn-primary" pending={request.isPending}>
                {T.send}
              </PendingButton>
            </div>
          </form>
        )}
      </Modal>
    </>
  );
}
