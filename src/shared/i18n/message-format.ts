/**
 * A compiled ICU message made ready to format in a locale (FormatJS's intl-messageformat), with the
 * Intl formatters it uses shared by every message. Left to itself, each message builds its own
 * `Intl.PluralRules` and `Intl.NumberFormat` the first time it formats: a Bangla list page formats a
 * hundred-odd messages while it hydrates, and those constructions were most of the time FormatJS took
 * there (a CPU profile at 4× slowdown: ~95 ms of the main thread; in Node, 300 messages 17.8 → 5.5 ms).
 * The web app loads this module only for a language other than English; the server uses it too.
 */
import { memoize, strategies } from "@formatjs/fast-memoize";
import { type Formatters, IntlMessageFormat } from "intl-messageformat";
import { keptIn } from "#shared/kept.ts";
import type { CompiledMessage } from "./compile.ts";

// FormatJS resolves the locale again for each message it is given (`Intl.NumberFormat.supportedLocalesOf`
// and an `Intl.Locale`: in a profile of a Bangla list at 4× slowdown, still ~50 ms once the formatters
// were shared). The answer for a locale never changes: resolved once per locale, for every message.
const resolveLocale = IntlMessageFormat.resolveLocale;
const resolvedLocales = new Map<string, Intl.Locale | undefined>();
IntlMessageFormat.resolveLocale = (locales) =>
  keptIn(resolvedLocales, String(locales), () => resolveLocale(locales));

/** `make` kept by its arguments: one formatter per locale and options, for the whole process. */
const keptByArguments = <A extends unknown[], R>(make: (...args: A) => R) =>
  memoize(make, { strategy: strategies.variadic });

/** The Intl formatters every message shares (FormatJS's own caches are one per message). */
const shared: Formatters = {
  getNumberFormat: keptByArguments(
    (...args: ConstructorParameters<typeof Intl.NumberFormat>) => new Intl.NumberFormat(...args),
  ),
  getDateTimeFormat: keptByArguments(
    (...args: ConstructorParameters<typeof Intl.DateTimeFormat>) => new Intl.DateTimeFormat(...args),
  ),
  getPluralRules: keptByArguments(
    (...args: ConstructorParameters<typeof Intl.PluralRules>) => new Intl.PluralRules(...args),
  ),
};

export type MessageFormatter = Pick<IntlMessageFormat, "format">;

/** `message` ready to format in `locale`. */
export function messageFormatter(message: CompiledMessage, locale: string): MessageFormatter {
  return new IntlMessageFormat(message, locale, undefined, { formatters: shared });
}
