/**
 * The languages MotoHaat speaks (issue 25): English, the product's own texts (docs/product.md), and
 * Bangla. One list for the server (which answers in the request's language) and the browser.
 */
export const LOCALES = ["en", "bn"] as const;
export type Locale = (typeof LOCALES)[number];

/** Each language's name in itself, as a switch between them shows it: never translated. */
export const LANGUAGE_NAMES: Record<Locale, string> = { en: "English", bn: "বাংলা" };

/** The same, as short as a phone's top bar needs (its accessible name stays the whole name). */
export const LANGUAGE_SHORT_NAMES: Record<Locale, string> = { en: "EN", bn: "বাংলা" };

/** Where nothing says otherwise: the texts as written. */
export const DEFAULT_LOCALE: Locale = "en";

/**
 * The cookie that remembers a device's choice (a year; not HttpOnly: the page reads it before it
 * asks the server anything). A signed-in person's choice is also saved with their account.
 */
export const LOCALE_COOKIE = "motohaat_lang";
export const LOCALE_COOKIE_MAX_AGE_SECONDS = 365 * 24 * 60 * 60;

export function isLocale(value: unknown): value is Locale {
  return typeof value === "string" && (LOCALES as readonly string[]).includes(value);
}

/**
 * The header the web app's API requests say the page's language in: a problem's words are said in the
 * language of the page that asked, whatever this device's cookie or the account says (another tab may
 * have chosen otherwise since).
 */
export const PAGE_LANGUAGE_HEADER = "x-page-language";
