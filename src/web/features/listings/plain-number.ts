import { bengaliDigits } from "#shared/digits.ts";
import type { Locale } from "#shared/i18n/locales.ts";

/**
 * A number written as it is, without grouping, in the locale's digits: a year (`2021`, `২০২১`), an
 * engine's CC, a file's size (`10 MB`). `format.number` would group a year's thousands (`2,021`).
 */
export function plainNumber(value: number | string, locale: Locale): string {
  const text = String(value);
  return locale === "bn" ? bengaliDigits(text) : text;
}
