import type { UseFormRegisterReturn } from "react-hook-form";
import type { FieldControlProps } from "#web/components/form-field.tsx";

type CodeInputProps = {
  control: FieldControlProps;
  registration: UseFormRegisterReturn;
  /** Not as wide as the form: inside a section of the profile page. */
  narrow?: boolean;
  /** Where the browser may flag anything but digits and spaces as it is typed. */
  pattern?: string;
};

/** The 6-digit code from an authenticator app; room for one space, as some apps show "123 456". */
export function CodeInput({ control, registration, narrow, pattern }: CodeInputProps) {
  return (
    <input
      {...control}
      {...registration}
      type="text"
      autoComplete="one-time-code"
      inputMode="numeric"
      pattern={pattern}
      maxLength={7}
      className={`input w-full${narrow ? " max-w-xs" : ""} font-mono tracking-widest`}
    />
  );
}
