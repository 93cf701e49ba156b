import { zodResolver } from "@hookform/resolvers/zod";
import { useEffect, useState } from "react";
import { useForm } from "react-hook-form";
import type { z } from "zod";
import { MSG } from "#shared/messages.ts";
import { isTotpCode, MfaSigninSchema } from "#shared/schemas/two-factor.ts";
import { FormField } from "#web/components/form-field.tsx";
import { PendingButton } from "#web/components/pending-button.tsx";
import { ApiError } from "#web/lib/api-client.ts";
import { showFieldErrors } from "#web/lib/form-errors.ts";
import { useTexts } from "#web/lib/i18n.tsx";
import { toast } from "#web/lib/toast.ts";
import { ACCOUNT_PAGES_TEXT } from "#web/texts/account.ts";
import { CodeInput } from "./code-input.tsx";
import { useSigninCode } from "./two-factor-api.ts";

type CodeForm = z.input<typeof MfaSigninSchema>;
/** A recovery code's shape, not a word: the same on a page in any language. */
const RECOVERY_CODE_SHAPE = "xxxx-xxxx";

/**
 * Sign-in's second step, after a correct password (or Google) on an account with two-step sign-in:
 * the code from the authenticator app, or one of the recovery codes.
 */
export function SigninCodeStep({ onDone, onRestart }: { onDone: () => void; onRestart: () => void }) {
  const T = useTexts(ACCOUNT_PAGES_TEXT).accountPages.codeStep;
  const msg = useTexts(MSG);
  const [recovery, setRecovery] = useState(false);
  const signinCode = useSigninCode();
  const {
    register,
    handleSubmit,
    setError,
    clearErrors,
    reset,
    setFocus,
    formState: { errors },
  } = useForm<CodeForm, unknown, z.output<typeof MfaSigninSchema>>({
    resolver: zodResolver(MfaSigninSchema),
    defaultValues: { code: "" },
  });
  // The password form (and the button just pressed) is gone: straight to the code.
  useEffect(() => setFocus("code"), [setFocus]);

  const onSubmit = handleSubmit(async ({ code }) => {
    if (!recovery && !isTotpCode(code)) {
      setError("code", { type: "client", message: MSG.mfa.codeFormat }, { shouldFocus: true });
      return;
    }
    try {
      await signinCode.mutateAsync({ code });
    } catch (err) {
      if (!(err instanceof ApiError)) throw err;
      if (err.status === 401 && !err.fieldErrors.code) {
        // The five minutes are up (or the cookie is gone): start again from the password.
        toast.error(err.message);
        onRestart();
        return;
      }
      showFieldErrors(err, setError, ["code"], { fallback: "code" });
      return;
    }
    onDone();
  });

  const toggle = () => {
    setRecovery((r) => !r);
    reset({ code: "" });
    clearErrors();
  };

  return (
    <form
      noValidate
      onSubmit={onSubmit}
      className="flex flex-col gap-4"
      aria-labelledby="signin-code-heading"
    >
      <div>
        <h2 id="signin-code-heading" className="text-lg font-semibold">
          {T.heading}
        </h2>
        <p className="text-sm text-base-content/70">{recovery ? T.recoveryIntro : T.appIntro}</p>
      </div>
      <FormField
        // A new id per mode: the browser's autofill and the screen reader treat them as different fields.
        id={recovery ? "signin-recovery-code" : "signin-code"}
        label={recovery ? T.recoveryLabel : T.codeLabel}
        error={errors.code?.message}
        strongError={errors.code?.type === "server"}
      >
        {(control) =>
          recovery ? (
            <input
              {...control}
              {...register("code")}
              type="text"
              autoComplete="off"
              autoCapitalize="none"
              spellCheck={false}
              placeholder={RECOVERY_CODE_SHAPE}
              className="input w-full font-mono"
            />
          ) : (
            <CodeInput control={control} registration={register("code")} pattern="[0-9 ]*" />
          )
        }
      </FormField>
      <PendingButton type="submit" className="btn btn-primary" pending={signinCode.isPending}>
        {T.verify}
      </PendingButton>
      <div className="flex flex-wrap justify-between gap-2 text-sm">
        <button type="button" className="link link-primary" onClick={toggle}>
          {recovery ? T.useApp : T.useRecovery}
        </button>
        <button type="button" className="link" onClick={onRestart}>
          {T.startAgain}
        </button>
      </div>
      {/* Said here so a person without their phone knows there is a way back. */}
      <p className="text-xs text-base-content/70">{msg.mfa.lostDevice}</p>
    </form>
  );
}
