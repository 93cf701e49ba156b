import type { UseFormRegisterReturn } from "react-hook-form";
import { FormField } from "#web/components/form-field.tsx";
import { useTexts } from "#web/lib/i18n.tsx";
import { ACCOUNT_PAGES_TEXT } from "#web/texts/account.ts";

/**
 * The inputs of the account forms (sign-in, sign-up, profile, passwords), written once so that each
 * keeps the same type, autocomplete and keyboard everywhere it is asked for.
 */
type FieldProps = {
  id: string;
  label: string;
  error: string | undefined;
  registration: UseFormRegisterReturn;
};

export function NameField({ id, label, error, registration }: FieldProps) {
  return (
    <FormField id={id} label={label} error={error}>
      {(control) => (
        <input {...control} {...registration} type="text" autoComplete="name" className="input w-full" />
      )}
    </FormField>
  );
}

type EmailFieldProps = FieldProps & {
  /** "username" where the address signs in (password managers fill it), "email" where it is first given. */
  autoComplete: "username" | "email";
  /** The input a dialog focuses when it opens (see Modal). */
  "data-autofocus"?: boolean;
};

export function EmailField({ id, label, error, registration, ...input }: EmailFieldProps) {
  return (
    <FormField id={id} label={label} error={error}>
      {(control) => (
        <input
          {...control}
          {...registration}
          type="email"
          inputMode="email"
          className="input w-full"
          {...input}
        />
      )}
    </FormField>
  );
}

type PasswordFieldProps = FieldProps & {
  /** "new-password" lets the password manager suggest one; the default is the one it has saved. */
  autoComplete?: "current-password" | "new-password";
  hint?: string;
  /** Bold, for the server's answer that blocks the form (a wrong password). */
  strongError?: boolean;
  /** Not as wide as the form: a short input inside a section of the profile page. */
  narrow?: boolean;
};

export function PasswordField({
  registration,
  autoComplete = "current-password",
  narrow = false,
  ...field
}: PasswordFieldProps) {
  return (
    <FormField {...field}>
      {(control) => (
        <input
          {...control}
          {...registration}
          type="password"
          autoComplete={autoComplete}
          className={narrow ? "input w-full max-w-xs" : "input w-full"}
        />
      )}
    </FormField>
  );
}

/** A new password's input, with the rule NewPasswordSchema enforces spelt out under it. */
export function NewPasswordField(props: FieldProps) {
  const T = useTexts(ACCOUNT_PAGES_TEXT).accountPages.fields;
  return <PasswordField {...props} autoComplete="new-password" hint={T.newPasswordHint} />;
}
