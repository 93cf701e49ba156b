import type { UseFormRegisterReturn } from "react-hook-form";
import { FormField } from "#web/components/form-field.tsx";

type NewPasswordFieldProps = {
  id: string;
  label: string;
  error: string | undefined;
  registration: UseFormRegisterReturn;
};

/** A new password's input, with the rule NewPasswordSchema enforces spelt out under it. */
export function NewPasswordField({ id, label, error, registration }: NewPasswordFieldProps) {
  return (
    <FormField
      id={id}
      label={label}
      error={error}
      hint="At least 6 characters, with a lowercase and an uppercase letter, a digit and one of ! @ # $ % ^ & *"
    >
      {(control) => (
        <input
          {...control}
          {...registration}
          type="password"
          autoComplete="new-password"
          className="input w-full"
        />
      )}
    </FormField>
  );
}
