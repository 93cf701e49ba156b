/**
 * The pages in the reader's language (issue 25, decision 031). Components take their texts from the
 * English catalogue's trees — MSG, TALK_MSG, MONEY_MSG and the pages' own (src/web/texts/) — through
 * `useTexts(tree)`, which in English is the tree itself (nothing changes, nothing extra loads) and in
 * another language the same tree with each text or template answered from that language's compiled
 * ICU catalogue by FormatJS's intl-messageformat (loaded only then, without its parser).
 */
import type { IntlMessageFormat } from "intl-messageformat";
import { createContext, type ReactNode, useContext, useEffect, useMemo, useState } from "react";
import { formatDate, formatDateTime, formatNumber, formatTaka, relocalise } from "#shared/format.ts";
import type { CompiledCatalogue, CompiledMessage } from "#shared/i18n/compile.ts";
import { DEFAULT_LOCALE, isLocale, type Locale } from "#shared/i18n/locales.ts";

export type Language = {
  locale: Locale;
  /** The compiled messages known so far: none in English (its texts are the trees'). */
  messages: CompiledCatalogue;
  /** Only some of the catalogue (those a rendered page used): the rest loads after hydration. */
  partial: boolean;
  Formatter: typeof IntlMessageFormat | null;
  /** On the server: every key the render asked for, to send with the page. */
  used?: Set<string>;
};

export const ENGLISH: Language = { locale: DEFAULT_LOCALE, messages: {}, partial: false, Formatter: null };

/**
 * `locale`'s runtime and catalogue (`known` in place of the whole catalogue: the messages a rendered
 * page came with). English needs neither.
 */
export async function loadLanguage(locale: Locale, known?: CompiledCatalogue): Promise<Language> {
  if (locale === DEFAULT_LOCALE) return ENGLISH;
  const [{ IntlMessageFormat: Formatter }, messages] = await Promise.all([
    import("intl-messageformat"),
    known ?? import("virtual:catalogue/bn").then((catalogue) => catalogue.default),
  ]);
  return { locale, messages, partial: known !== undefined, Formatter };
}

const formatters = new WeakMap<Language, Map<string, IntlMessageFormat>>();
const trees = new WeakMap<Language, Map<string, object>>();

/** `language`'s own map in `maps`, made on first use. */
function keptFor<V>(maps: WeakMap<Language, Map<string, V>>, language: Language): Map<string, V> {
  let kept = maps.get(language);
  if (!kept) {
    kept = new Map();
    maps.set(language, kept);
  }
  return kept;
}

/** A template's argument in `locale`: our dates and taka amounts written again, counts as numbers. */
function argumentIn(arg: unknown, locale: Locale): unknown {
  return typeof arg === "string" ? (relocalise(arg, locale) ?? arg) : arg;
}

function format(language: Language, key: string, message: CompiledMessage, args: unknown[]): string {
  if (typeof message === "string" || !language.Formatter) return String(message);
  const kept = keptFor(formatters, language);
  let formatter = kept.get(key);
  if (!formatter) {
    formatter = new language.Formatter(message, language.locale);
    kept.set(key, formatter);
  }
  const values = Object.fromEntries(args.map((arg, i) => [i, argumentIn(arg, language.locale)]));
  return String(formatter.format(values as Record<string, string | number>));
}

/** `tree` (whose keys are the catalogue's, from its root) said in `language`. */
function localised<T extends object>(tree: T, language: Language, prefix = ""): T {
  const kept = keptFor(trees, language);
  const id = `${prefix}\u0000${Object.keys(tree).join(",")}`;
  const found = kept.get(id);
  if (found) return found as T;
  const proxy = new Proxy(tree, {
    get(target, property, receiver) {
      const value = Reflect.get(target, property, receiver);
      if (typeof property !== "string") return value;
      const key = `${prefix}${property}`;
      if (typeof value === "object" && value !== null) return localised(value, language, `${key}.`);
      const message = language.messages[key];
      if (typeof value === "string") {
        if (message === undefined) return value;
        language.used?.add(key);
        return format(language, key, message, []);
      }
      if (typeof value === "function") {
        return (...args: unknown[]) => {
          const known = language.messages[key];
          if (known === undefined) return (value as (...a: unknown[]) => unknown)(...args);
          language.used?.add(key);
          return format(language, key, known, args);
        };
      }
      return value;
    },
  });
  kept.set(id, proxy);
  return proxy;
}

/** `tree` in `language`: the tree itself in English. For code outside a component (a list of links). */
export function textsIn<T extends object>(tree: T, language: Language): T {
  return language.locale === DEFAULT_LOCALE ? tree : localised(tree, language);
}

type LanguageContextValue = { language: Language; setLanguage(language: Language): void };

const LanguageContext = createContext<LanguageContextValue>({ language: ENGLISH, setLanguage() {} });

/** The page's language: in `<html lang>` and the API's answers (src/web/lib/api-client.ts) too. */
export function LanguageProvider({
  initial,
  onChange,
  children,
}: {
  initial: Language;
  onChange?: (locale: Locale) => void;
  children: ReactNode;
}) {
  const [language, setLanguage] = useState(initial);
  useEffect(() => {
    if (typeof document !== "undefined") document.documentElement.lang = language.locale;
    onChange?.(language.locale);
    // A page rendered on the server brought only the messages it used: the rest, for what comes next.
    if (!language.partial) return;
    let current = true;
    void loadLanguage(language.locale).then(
      (whole) => current && setLanguage({ ...whole, messages: { ...language.messages, ...whole.messages } }),
      // Offline: what the page has stays; the next choice or visit tries again.
      () => undefined,
    );
    return () => {
      current = false;
    };
  }, [language, onChange]);
  const value = useMemo(() => ({ language, setLanguage }), [language]);
  return <LanguageContext.Provider value={value}>{children}</LanguageContext.Provider>;
}

export function useLanguage(): LanguageContextValue {
  return useContext(LanguageContext);
}

export function useLocale(): Locale {
  return useContext(LanguageContext).language.locale;
}

/** `tree`'s texts in the page's language (see the top of this file). */
export function useTexts<T extends object>(tree: T): T {
  return textsIn(tree, useContext(LanguageContext).language);
}

/** Numbers, taka and dates as the page's language writes them (`৳১,৫০,০০০`, `০৫ নভেম্বর ২০২২`). */
export function useFormat() {
  const locale = useLocale();
  return useMemo(
    () => ({
      locale,
      taka: (amount: number) => formatTaka(amount, locale),
      number: (value: number) => formatNumber(value, locale),
      date: (value: string | Date) => formatDate(value, locale),
      dateTime: (value: string | Date) => formatDateTime(value, locale),
    }),
    [locale],
  );
}

/** The language the server wrote the page in (`<html lang>`, src/server/plugins/web.ts). */
export function pageLocale(): Locale {
  const lang = typeof document === "undefined" ? undefined : document.documentElement.lang;
  return isLocale(lang) ? lang : DEFAULT_LOCALE;
}
