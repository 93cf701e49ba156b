import { messageArgument } from "#shared/format.ts";
import { DEFAULT_LOCALE, type Locale } from "./locales.ts";

/**
 * How one side says a message of the English catalogue in another language: the server from the
 * ICU strings of `bn.json`, the browser from their compiled form (src/web/lib/i18n.tsx). Both find
 * the message a text was made from in the same way (`findMessage`) and differ only here.
 */
export type Sayer = {
  locale: Locale;
  /** The message an English text was made from, with a template's arguments as they appear in it. */
  find(text: string): { key: string; args: string[] } | undefined;
  /** The language's message at `key`, ready to take its arguments; undefined when it has none. */
  formatterOf(key: string): ((values: Record<number, string | number>) => string) | undefined;
};

/**
 * A text of the English catalogue (a template's text too) said in `sayer`'s language: the same
 * message, its arguments as that language writes them (counts as numbers, our taka and dates again,
 * a nested text of the catalogue said too). A text of no message (a card provider's own words, a
 * person's) is returned as it is.
 */
export function sayText(text: string, sayer: Sayer): string {
  if (sayer.locale === DEFAULT_LOCALE) return text;
  const found = sayer.find(text);
  const formatter = found && sayer.formatterOf(found.key);
  if (!found || !formatter) return text;
  const values = Object.fromEntries(
    found.args.map((arg, i) => [i, messageArgument(arg, sayer.locale, (inner) => sayText(inner, sayer))]),
  );
  return formatter(values);
}
