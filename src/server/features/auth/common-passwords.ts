import { dictionary } from "@zxcvbn-ts/language-common";
import { MSG } from "#shared/messages.ts";
import { NewPasswordSchema } from "#shared/schemas/auth.ts";

/** ASVS 5.0 6.2.4: the 10,000 most common passwords, by the package's rank. Server only: it is large. */
export const COMMON_PASSWORD_COUNT = 10_000;

const common = new Set(
  dictionary["passwords-common"].slice(0, COMMON_PASSWORD_COUNT).map((p) => p.toLowerCase()),
);

/**
 * The forms of a password looked up in the list. The list is lower case and has almost no symbols,
 * while our rule demands an upper-case letter, a digit and a symbol, so a plain lookup would refuse
 * nothing: `Password1!` is not listed but is `password1` dressed up. So we also look up the password
 * without its symbols (`Pass!word1` → `password1`) and its letters with the digits and symbols
 * around them cut off (`!Summer2024` → `summer`). A common word inside a longer password
 * (`Monkey!Business7`) is not refused: that is a passphrase, not a listed password.
 */
export function commonPasswordForms(password: string): string[] {
  const lower = password.toLowerCase();
  const withoutSymbols = lower.replace(/[^\p{L}\p{N}]/gu, "");
  const core = lower.replace(/^[^\p{L}]+|[^\p{L}]+$/gu, "");
  return [...new Set([lower, withoutSymbols, core])].filter((form) => form !== "");
}

export function isCommonPassword(password: string): boolean {
  return commonPasswordForms(password).some((form) => common.has(form));
}

/** The product's rule (NewPasswordSchema) plus the list: for every place a password is set. */
export const UncommonPasswordSchema = NewPasswordSchema.refine((p) => !isCommonPassword(p), {
  error: MSG.signup.passwordCommon,
});
