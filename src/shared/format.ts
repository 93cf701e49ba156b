import { bengaliDigits } from "#shared/digits.ts";
import type { Locale } from "#shared/i18n/locales.ts";

const months = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"];
/** CLDR's Bangla month names (what `Intl.DateTimeFormat("bn", { month: "long" })` says: format.test.ts). */
const bnMonths = [
  "জানুয়ারি",
  "ফেব্রুয়ারি",
  "মার্চ",
  "এপ্রিল",
  "মে",
  "জুন",
  "জুলাই",
  "আগস্ট",
  "সেপ্টেম্বর",
  "অক্টোবর",
  "নভেম্বর",
  "ডিসেম্বর",
];

/** `1500000` → `15,00,000`: the last three digits, then twos (South-Asian grouping). */
function lakhs(digits: string): string {
  if (digits.length <= 3) return digits;
  return `${digits.slice(0, -3).replace(/\B(?=(\d{2})+(?!\d))/g, ",")},${digits.slice(-3)}`;
}

/** Digits as the locale writes them: Bengali digits in Bangla. */
const inLocale = (text: string, locale: Locale) => (locale === "bn" ? bengaliDigits(text) : text);

/**
 * `150000` → `৳1,50,000` (Bangla: `৳১,৫০,০০০`): taka sign, South-Asian digit grouping, whole taka.
 */
export function formatTaka(amount: number, locale: Locale = "en"): string {
  const sign = amount < 0 ? "-" : "";
  return `${sign}৳${inLocale(lakhs(String(Math.trunc(Math.abs(amount)))), locale)}`;
}

/**
 * `1234567` → `1,234,567`: counts and kilometres, grouped in threes; in Bangla `১২,৩৪,৫৬৭`, grouped
 * as CLDR groups `bn` (lakhs). By hand rather than with `toLocaleString`: on a phone the first Intl
 * call loads locale data (~40 ms of a slow CPU's main thread on a list page, issue 12) and each
 * later call builds a formatter again; format.test.ts checks the result against Intl's.
 */
export function formatNumber(value: number, locale: Locale = "en"): string {
  const sign = value < 0 ? "-" : "";
  const digits = String(Math.trunc(Math.abs(value)));
  if (locale === "bn") return `${sign}${bengaliDigits(lakhs(digits))}`;
  return `${sign}${digits.replace(/\B(?=(\d{3})+(?!\d))/g, ",")}`;
}

/**
 * A stored phone number as people read it: `+8801712345678` → `01712-345678`. Anything else (a number
 * stored before numbers were normalised) is shown as it is.
 */
export function formatPhone(phone: string): string {
  const match = /^\+88(01[0-9]{3})([0-9]{6})$/.exec(phone);
  return match ? `${match[1]}-${match[2]}` : phone;
}

/** Bangladesh Standard Time, UTC+6 all year (no daylight saving): the market's clock. */
const DHAKA_OFFSET_MS = 6 * 60 * 60 * 1000;

/** The moment moved to Dhaka's clock, to be read with the `getUTC…` methods. */
const onDhakaClock = (value: string | Date) =>
  new Date((typeof value === "string" ? new Date(value) : value).getTime() + DHAKA_OFFSET_MS);

/** `05-Nov-2022` (Bangla: `০৫ নভেম্বর ২০২২`) of a Date read in UTC. */
function dayOf(d: Date, locale: Locale): string {
  const day = String(d.getUTCDate()).padStart(2, "0");
  if (locale === "bn") return bengaliDigits(`${day} ${bnMonths[d.getUTCMonth()]} ${d.getUTCFullYear()}`);
  return `${day}-${months[d.getUTCMonth()]}-${d.getUTCFullYear()}`;
}

/**
 * The day a moment falls on in Dhaka, as `05-Nov-2022`, the same in every browser and on the server: a
 * booking made at 1 am in Dhaka is on that day, not on UTC's day before. A date alone (`2022-11-05`,
 * UTC midnight) stays that day.
 */
export function formatDate(value: string | Date, locale: Locale = "en"): string {
  return dayOf(onDhakaClock(value), locale);
}

/**
 * A moment as `26-Nov-2026, 2:30 pm` (Bangla: `২৬ নভেম্বর ২০২৬, ২:৩০ PM`) on Dhaka's clock, the same in every browser and on the server:
 * when a hold ends or a booking was made, where the hour matters. By hand, as `formatNumber` is.
 */
export function formatDateTime(value: string | Date, locale: Locale = "en"): string {
  const d = onDhakaClock(value);
  const hours = d.getUTCHours();
  const minutes = String(d.getUTCMinutes()).padStart(2, "0");
  const time = `${hours % 12 === 0 ? 12 : hours % 12}:${minutes}`;
  // CLDR's Bangla keeps AM and PM in Latin letters.
  if (locale === "bn") return `${dayOf(d, locale)}, ${bengaliDigits(time)} ${hours < 12 ? "AM" : "PM"}`;
  return `${dayOf(d, locale)}, ${time} ${hours < 12 ? "am" : "pm"}`;
}

/**
 * A day or a moment as `formatDate` or `formatDateTime` wrote it in English (`05-Nov-2022`,
 * `26-Nov-2026, 2:30 pm`, on Dhaka's clock), written again in `locale`; undefined for any other
 * text. For words stored as they were first said (a notification's), said again in another language.
 */
export function relocaliseDate(text: string, locale: Locale): string | undefined {
  const match = /^(\d{2})-([A-Z][a-z]{2})-(\d{4})(?:, (\d{1,2}):(\d{2}) (am|pm))?$/.exec(text);
  const month = match ? months.indexOf(match[2]!) : -1;
  if (!match || month < 0) return undefined;
  const [, day, , year, hour, minute, half] = match;
  if (hour === undefined) return formatDate(new Date(Date.UTC(Number(year), month, Number(day))), locale);
  const hours = (Number(hour) % 12) + (half === "pm" ? 12 : 0);
  const dhaka = Date.UTC(Number(year), month, Number(day), hours, Number(minute));
  return formatDateTime(new Date(dhaka - DHAKA_OFFSET_MS), locale);
}

/**
 * A value an English template was given, as `locale` writes it: one of our dates or moments
 * (`05-Nov-2022`), or an amount in taka (`৳1,50,000`); undefined for any other text (a name, a
 * model, a reference), which a message shows as it is.
 */
export function relocalise(text: string, locale: Locale): string | undefined {
  const date = relocaliseDate(text, locale);
  if (date !== undefined) return date;
  const taka = /^(-?)৳([\d,]+)$/.exec(text);
  return taka ? formatTaka(Number(`${taka[1]}${taka[2]!.replaceAll(",", "")}`), locale) : undefined;
}

/**
 * A value found in an English text made from a template (`3`, `৳1,50,000`, `05-Nov-2022`, a name), as
 * the template's `locale` message takes it: a count as a number (ICU's plural and number formats need
 * one; one with a leading zero or too long for a number is a reference and stays as written), our taka
 * and dates said again, a text of the catalogue through `nested`, anything else as it is.
 */
export function messageArgument(
  value: string,
  locale: Locale,
  nested: (text: string) => string,
): string | number {
  if (/^(0|[1-9]\d{0,14})$/.test(value)) return Number(value);
  return relocalise(value, locale) ?? nested(value);
}
