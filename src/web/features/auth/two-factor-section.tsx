import { zodResolver } from "@hookform/resolvers/zod";
import { useEffect, useRef, useState } from "react";
import { useForm } from "react-hook-form";
import type { z } from "zod";
import { MSG } from "#shared/messages.ts";
import type { User } from "#shared/schemas/auth.ts";
import { MfaConfirmSchema, type MfaSetupResponse } from "#shared/schemas/two-factor.ts";
import { FormField } from "#web/components/form-field.tsx";
import { PendingButton } from "#web/components/pending-button.tsx";
import { ApiError, errorMessage } from "#web/lib/api-client.ts";
import { focusFirstInvalid, showFieldErrors } from "#web/lib/form-errors.ts";
import { useTexts } from "#web/lib/i18n.tsx";
import { toast } from "#web/lib/toast.ts";
import { ACCOUNT_PAGES_TEXT } from "#web/texts/account.ts";
import { PasswordField } from "./account-fields.tsx";
import { CodeInput } from "./code-input.tsx";
import { useConfirmMfa, useDisableMfa, useStartMfa } from "./two-factor-api.ts";

/** Two-step sign-in (TOTP) on the profile page: set up with a QR code, recovery codes once, turn off. */
export function TwoFactorSection({ user }: { user: User }) {
  const T = useTexts(ACCOUNT_PAGES_TEXT).accountPages.twoStep;
  const msg = useTexts(MSG);
  // Shown once, right after turning on: kept here, not in the query cache, and gone on leaving.
  const [recoveryCodes, setRecoveryCodes] = useState<string[] | null>(null);
  // The heading stays when the part under it is swapped out: focus lands there, not on <body>.
  const headingRef = useRef<HTMLHeadingElement>(null);
  const focusHeading = () => headingRef.current?.focus();
  return (
    <section
      id="two-factor"
      aria-labelledby="two-factor-heading"
      className="card scroll-mt-20 border border-base-300 bg-base-100 shadow-sm"
    >
      <div className="card-body gap-4">
        <h2
          id="two-factor-heading"
          ref={headingRef}
          tabIndex={-1}
          className="card-title text-lg outline-none"
        >
          {T.heading}
        </h2>
        {user.mfaRequired && !user.mfaEnabled ? (
          <p role="alert" className="alert alert-warning">
            {msg.mfa.enrolmentRequired}
          </p>
        ) : null}
        {recoveryCodes ? (
          <RecoveryCodes
            codes={recoveryCodes}
            onDone={() => {
              setRecoveryCodes(null);
              focusHeading();
            }}
          />
        ) : user.mfaEnabled ? (
          <EnabledState user={user} onDisabled={focusHeading} />
        ) : (
          <Enrolment onEnabled={setRecoveryCodes} />
        )}
      </div>
    </section>
  );
}

function Enrolment({ onEnabled }: { onEnabled: (codes: string[]) => void }) {
  const T = useTexts(ACCOUNT_PAGES_TEXT).accountPages.twoStep;
  const start = useStartMfa();
  const [setup, setSetup] = useState<MfaSetupResponse | null>(null);

  const onStart = async () => {
    try {
      setSetup(await start.mutateAsync());
    } catch (err) {
      toast.error(errorMessage(err));
    }
  };

  if (!setup) {
    return (
      <>
        <p className="text-sm text-base-content/70">{T.offIntro}</p>
        <PendingButton
          type="button"
          className="btn btn-primary self-start"
          onClick={onStart}
          pending={start.isPending}
        >
          {T.setUp}
        </PendingButton>
      </>
    );
  }
  return <ConfirmEnrolment setup={setup} onEnabled={onEnabled} />;
}

type ConfirmForm = z.input<typeof MfaConfirmSchema>;

function ConfirmEnrolment({
  setup,
  onEnabled,
}: {
  setup: MfaSetupResponse;
  onEnabled: (codes: string[]) => void;
}) {
  const T = useTexts(ACCOUNT_PAGES_TEXT).accountPages.twoStep;
  const msg = useTexts(MSG);
  const confirm = useConfirmMfa();
  const headingRef = useRef<HTMLHeadingElement>(null);
  // The set-up button is gone: start the reader at the steps.
  useEffect(() => headingRef.current?.focus(), []);
  const {
    register,
    handleSubmit,
    setError,
    setFocus,
    formState: { errors },
  } = useForm<ConfirmForm, unknown, z.output<typeof MfaConfirmSchema>>({
    resolver: zodResolver(MfaConfirmSchema),
    defaultValues: { code: "", password: "" },
    // The password registers before the code (a prop, not inside FormField): focus follows the layout.
    shouldFocusError: false,
  });
  const inOrder = ["code", "password"] as const;

  const onSubmit = handleSubmit(
    async (body) => {
      try {
        const res = await confirm.mutateAsync(body);
        toast.success(msg.mfa.enabled);
        onEnabled(res.recoveryCodes);
      } catch (err) {
        if (!(err instanceof ApiError)) throw err;
        // Anything but the password is about the code, the server's `detail` included.
        showFieldErrors(err, setError, inOrder, { fallback: "code" });
      }
    },
    focusFirstInvalid(inOrder, setFocus),
  );

  return (
    <div className="flex flex-col gap-4">
      <h3 ref={headingRef} tabIndex={-1} className="font-medium outline-none">
        {T.connectHeading}
      </h3>
      <ol className="list-decimal space-y-1 pl-5 text-sm">
        <li>{T.stepAdd}</li>
        <li>{T.stepScan}</li>
        <li>{T.stepCode}</li>
      </ol>
      <img src={setup.qrCode} alt={T.qrAlt} className="size-48 rounded-box bg-white p-2" />
      <dl className="flex flex-col gap-1">
        <dt className="text-sm font-medium">{T.key}</dt>
        <dd>
          <code className="select-all break-words font-mono text-sm">
            {setup.secret.replace(/(.{4})/g, "$1 ").trim()}
          </code>
        </dd>
      </dl>
      <form noValidate onSubmit={onSubmit} className="flex flex-col gap-4">
        <FormField
          id="two-factor-code"
          label={T.codeLabel}
          error={errors.code?.message}
          strongError={errors.code?.type === "server"}
        >
          {(control) => <CodeInput control={control} registration={register("code")} narrow />}
        </FormField>
        <PasswordField
          id="two-factor-password"
          label={T.passwordLabel}
          error={errors.password?.message}
          strongError={errors.password?.type === "server"}
          registration={register("password")}
          narrow
        />
        <PendingButton type="submit" className="btn btn-primary self-start" pending={confirm.isPending}>
          {T.turnOn}
        </PendingButton>
      </form>
    </div>
  );
}

function RecoveryCodes({ codes, onDone }: { codes: string[]; onDone: () => void }) {
  const T = useTexts(ACCOUNT_PAGES_TEXT).accountPages.twoStep;
  const msg = useTexts(MSG);
  const headingRef = useRef<HTMLHeadingElement>(null);
  // The form is gone: the codes must not be missed.
  useEffect(() => headingRef.current?.focus(), []);
  return (
    <div className="flex flex-col gap-3">
      <h3 ref={headingRef} tabIndex={-1} className="font-medium outline-none">
        {T.savedHeading}
      </h3>
      <p className="text-sm text-base-content/70">{T.savedIntro}</p>
      <ul aria-label={T.codesLabel} className="grid grid-cols-2 gap-2 font-mono sm:grid-cols-5">
        {codes.map((c) => (
          <li key={c} className="rounded bg-base-200 px-2 py-1 text-center">
            {c}
          </li>
        ))}
      </ul>
      <div className="flex flex-wrap gap-2">
        <button
          type="button"
          className="btn btn-outline btn-sm"
          onClick={() =>
            void navigator.clipboard
              ?.writeText(codes.join("\n"))
              .then(() => toast.success(T.codesCopied))
              .catch(() => toast.error(msg.generic.somethingWrong))
          }
        >
          {T.copyCodes}
        </button>
        <button type="button" className="btn btn-primary btn-sm" onClick={onDone}>
          {T.saved}
        </button>
      </div>
    </div>
  );
}

type DisableForm = { proof: string };

function EnabledState({ user, onDisabled }: { user: User; onDisabled: () => void }) {
  const T = useTexts(ACCOUNT_PAGES_TEXT).accountPages.twoStep;
  const msg = useTexts(MSG);
  const disable = useDisableMfa();
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm<DisableForm>({ defaultValues: { proof: "" } });

  if (user.mfaRequired) {
    return <p className="text-sm">{msg.mfa.adminLostDevice}</p>;
  }

  const onSubmit = handleSubmit(async ({ proof }) => {
    if (!proof) {
      setError("proof", { type: "client", message: MSG.mfa.proofRequired }, { shouldFocus: true });
      return;
    }
    // A 6-digit entry is a code from the app; anything else is the password.
    const body = /^\d{6}$/.test(proof.replace(/\s+/g, "")) ? { code: proof } : { password: proof };
    try {
      await disable.mutateAsync(body);
      toast.success(msg.mfa.disabled);
      onDisabled();
    } catch (err) {
      if (!(err instanceof ApiError)) throw err;
      showFieldErrors(err, setError, { password: "proof", code: "proof" }, { fallback: "proof" });
    }
  });

  return (
    <div className="flex flex-col gap-4">
      <p className="text-sm">{T.onIntro}</p>
      <form noValidate onSubmit={onSubmit} className="flex flex-col gap-4">
        <PasswordField
          id="two-factor-off-proof"
          label={T.proofLabel}
          error={errors.proof?.message}
          registration={register("proof")}
          strongError
          narrow
        />
        <PendingButton
          type="submit"
          className="btn btn-error btn-outline self-start"
          pending={disable.isPending}
        >
          {T.turnOff}
        </PendingButton>
      </form>
    </div>
  );
}
