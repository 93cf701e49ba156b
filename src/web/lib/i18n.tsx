/**
 * The pages in the reader's language (issue 25, decision 031). Components take their texts from the
 * English catalogue's trees — MSG, TALK_MSG, MONEY_MSG and the pages' own (src/web/texts/) — through
 * `useTexts(tree)`, which in English is the tree itself (nothing changes, nothing extra loads) and in
 * another language the same tree with each text or template answered from that language's compiled
 * ICU catalogue by FormatJS's intl-messageformat (loaded only then, without its parser).
 */
import {
  createContext,
  type ReactNode,
  startTransition,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useState,
} from "react";
import { formatDate, formatDateTime, formatNumber, formatTaka, relocalise } from "#shared/format.ts";
import type { CompiledCatalogue, CompiledMessage } from "#shared/i18n/compile.ts";
import { DEFAULT_LOCALE, isLocale, type Locale } from "#shared/i18n/locales.ts";
import type { MessageFormatter, messageFormatter } from "#shared/i18n/message-format.ts";
import { sayText } from "#shared/i18n/say.ts";
import { keptIn } from "#shared/kept.ts";

export type Language = {
  locale: Locale;
  /** The compiled messages known so far: none in English (its texts are the trees'). */
  messages: CompiledCatalogue;
  /** Only some of the catalogue (those a rendered page used): the rest loads after hydration. */
  partial: boolean;
  /** Makes a compiled message ready to format (#shared/i18n/message-format.ts); none in English. */
  formatterFor: typeof messageFormatter | null;
  /**
   * The message an English text was made from (src/shared/i18n/catalogue.ts's reverse lookup), for
   * texts made in English before anyone knew the page's language: a form's validation message from a
   * schema the server shares, a client-made error. Loaded with the whole catalogue, never in English.
   */
  find?: (text: string) => { key: string; args: string[] } | undefined;
  /** On the server: every key the render asked for, to send with the page. */
  used?: Set<string>;
};

export const ENGLISH: Language = { locale: DEFAULT_LOCALE, messages: {}, partial: false, formatterFor: null };

/**
 * `locale`'s runtime and catalogue (`known` in place of the whole catalogue: the messages a rendered
 * page came with). English needs neither.
 */
export async function loadLanguage(locale: Locale, known?: CompiledCatalogue): Promise<Language> {
  if (locale === DEFAULT_LOCALE) return ENGLISH;
  const [{ messageFormatter: formatterFor }, messages, find] = await Promise.all([
    import("#shared/i18n/message-format.ts"),
    known ?? import("virtual:catalogue/bn").then((catalogue) => catalogue.default),
    known ? undefined : import("#shared/i18n/catalogue.ts").then((catalogue) => catalogue.findMessage),
  ]);
  return { locale, messages, partial: known !== undefined, formatterFor, find };
}

/**
 * Formatters by catalogue (the whole compiled one is one object, shared by every server render) and
 * key: a render on the server builds none its process has built before.
 */
const formatters = new WeakMap<CompiledCatalogue, Map<string, MessageFormatter>>();
/** Each language's proxies, by the tree they stand for and the key they sit at. */
const trees = new WeakMap<Language, WeakMap<object, Map<string, object>>>();

/** The compiled message at `key`, only the catalogue's own (never an Object.prototype member's name). */
const messageAt = (language: Language, key: string): CompiledMessage | undefined =>
  Object.hasOwn(language.messages, key) ? language.messages[key] : undefined;

/** The proxies of `tree` in `language`, by the key it sits at (a tree is read at one place, in practice). */
const keptTrees = (language: Language, tree: object): Map<string, object> =>
  keptIn(
    keptIn(trees, language, () => new WeakMap()),
    tree,
    () => new Map(),
  );

/** A template's argument in `locale`: our dates and taka amounts written again. */
function argumentIn(arg: unknown, locale: Locale): unknown {
  return typeof arg === "string" ? (relocalise(arg, locale) ?? arg) : arg;
}

/**
 * A text of the English catalogue, made in English (a schema's validation message, a client-made
 * error), said in `language`; any other text (the server's, already in the page's language; a card
 * provider's) as it is.
 */
export function sayIn(text: string, language: Language): string {
  const { find } = language;
  if (!find) return text;
  return sayText(text, {
    locale: language.locale,
    find,
    formatterOf(key) {
      const message = messageAt(language, key);
      return message === undefined
        ? undefined
        : (values) => format(language, key, message, Object.values(values));
    },
  });
}

function format(language: Language, key: string, message: CompiledMessage, args: unknown[]): string {
  if (typeof message === "string" || !language.formatterFor) return String(message);
  const { formatterFor, locale } = language;
  const formatter = keptIn(
    keptIn(formatters, language.messages, () => new Map()),
    `${locale}:${key}`,
    () => formatterFor(message, locale),
  );
  const values = Object.fromEntries(args.map((arg, i) => [i, argumentIn(arg, locale)]));
  return String(formatter.format(values as Record<string, string | number>));
}

/** `tree` (whose keys are the catalogue's, from its root) said in `language`. */
function localised<T extends object>(tree: T, language: Language, prefix = ""): T {
  const kept = keptTrees(language, tree);
  const found = kept.get(prefix);
  if (found) return found as T;
  // A template read twice is the same function (stable as a prop or a dependency).
  const templates = new Map<string, (...args: unknown[]) => unknown>();
  const proxy = new Proxy(tree, {
    get(target, property, receiver) {
      const value = Reflect.get(target, property, receiver);
      if (typeof property !== "string" || !Object.hasOwn(target, property)) return value;
      const key = `${prefix}${property}`;
      if (typeof value === "object" && value !== null) return localised(value, language, `${key}.`);
      const message = messageAt(language, key);
      if (typeof value === "string") {
        if (message === undefined) return value;
        language.used?.add(key);
        return format(language, key, message, []);
      }
      if (typeof value === "function") {
        let template = templates.get(key);
        if (!template) {
          template = (...args: unknown[]) => {
            if (message === undefined) return Reflect.apply(value, target, args);
            language.used?.add(key);
            return format(language, key, message, args);
          };
          templates.set(key, template);
        }
        return template;
      }
      return value;
    },
  });
  kept.set(prefix, proxy);
  return proxy;
}

/** `tree` in `language`: the tree itself in English. For code outside a component (a list of links). */
export function textsIn<T extends object>(tree: T, language: Language): T {
  return language.locale === DEFAULT_LOCALE ? tree : localised(tree, language);
}

/** The browser's page language, for code that runs outside a render (a callback's toast). */
let shownLanguage: Language = ENGLISH;

/**
 * `sayIn` in the language the page is shown in now: for a text raised outside a render (a toast from
 * a callback, a module's own message). In a component, `useTexts` or `useSay`.
 */
export function sayNow(text: string): string {
  return sayIn(text, shownLanguage);
}

/** Runs `work` when the browser is idle (at the latest after 2 s), or soon where it cannot say. */
function whenIdle(work: () => void): { cancel(): void } {
  if (typeof requestIdleCallback === "function") {
    const id = requestIdleCallback(work, { timeout: 2000 });
    return { cancel: () => cancelIdleCallback(id) };
  }
  const id = setTimeout(work, 0);
  return { cancel: () => clearTimeout(id) };
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
  onChange?: (language: Language) => void;
  children: ReactNode;
}) {
  const [language, setLanguage] = useState(initial);
  useEffect(() => {
    // Only when it changes: setting `lang`, even to the same value, makes the browser restyle every
    // element of the page (`:lang()` may match any), a long task on a phone right after hydration.
    if (typeof document !== "undefined" && document.documentElement.lang !== language.locale) {
      document.documentElement.lang = language.locale;
    }
    shownLanguage = language;
    onChange?.(language);
    // A page rendered on the server brought only the messages it used: the rest, for what comes next.
    if (!language.partial) return;
    let current = true;
    // Nothing on screen needs it (the page's own messages came with it): fetched once the browser is
    // idle, and the page drawn again with it in a transition, which yields to the browser every few
    // milliseconds (every text of the page is read again: in one task, ~0.3 s on a slow phone).
    const idle = whenIdle(() =>
      loadLanguage(language.locale).then(
        (whole) =>
          current &&
          startTransition(() =>
            // Only onto the page it was loaded for: a switch to another language made meanwhile (and
            // still rendering) wins.
            setLanguage((shown) =>
              shown === language
                ? { ...whole, messages: { ...language.messages, ...whole.messages } }
                : shown,
            ),
          ),
        // Offline: what the page has stays; the next choice or visit tries again.
        () => undefined,
      ),
    );
    return () => {
      current = false;
      idle.cancel();
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

/** `sayIn` in the page's language: for a text made in English elsewhere (a field's validation message). */
export function useSay(): (text: string) => string {
  const { language } = useContext(LanguageContext);
  return useCallback((text: string) => sayIn(text, language), [language]);
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
