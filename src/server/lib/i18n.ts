/**
 * The server's side of MotoHaat in Bangla (issue 25, decision 031): which language a request asks
 * for, and a text of the English catalogue said in that language. The English texts are the
 * product's own (MSG, TALK_MSG, MONEY_MSG); each other language has an ICU catalogue
 * (src/shared/i18n/bn.json), formatted by FormatJS's intl-messageformat — the runtime react-intl uses.
 */
import type { FastifyReply, FastifyRequest } from "fastify";
import Negotiator from "negotiator";
import bn from "#shared/i18n/bn.json" with { type: "json" };
import { findMessage, type MessageKey } from "#shared/i18n/catalogue.ts";
import {
  DEFAULT_LOCALE,
  isLocale,
  LOCALE_COOKIE,
  LOCALES,
  type Locale,
  PAGE_LANGUAGE_HEADER,
} from "#shared/i18n/locales.ts";
import { type MessageFormatter, messageFormatter } from "#shared/i18n/message-format.ts";
import { type Sayer, sayText } from "#shared/i18n/say.ts";
import { keptIn } from "#shared/kept.ts";

type Catalogue = Partial<Record<MessageKey, string>>;
const catalogues: Record<Exclude<Locale, "en">, Catalogue> = { bn };

/**
 * The language to answer in: the page's that asks (the web app's `x-page-language`), else the
 * signed-in person's saved choice, else this device's cookie, else the
 * browser's `Accept-Language` (q-values weighed; `bn-BD` asks for Bangla), else English.
 */
export function requestLocale(request: FastifyRequest): Locale {
  // The web app's own requests say the language of the page that asks (its problems go there).
  const page = request.headers[PAGE_LANGUAGE_HEADER];
  if (isLocale(page)) return page;
  const saved = request.user?.language;
  if (saved) return saved;
  const cookie = request.cookies?.[LOCALE_COOKIE];
  if (isLocale(cookie)) return cookie;
  const [best] = new Negotiator(request).languages([...LOCALES]);
  return isLocale(best) ? best : DEFAULT_LOCALE;
}

/**
 * An answer whose words are in `locale`: it says so, and shared caches keep one per language (a page or
 * a problem may be kept by a proxy: never one language's for another's).
 */
export function answersIn(reply: FastifyReply, locale: Locale): FastifyReply {
  const vary = reply.getHeader("vary");
  return reply
    .header("vary", [vary, "Accept-Language, Cookie"].filter(Boolean).join(", "))
    .header("content-language", locale);
}

const compiled = new Map<string, MessageFormatter>();

/** `locale`'s messages from its ICU catalogue, each compiled once by this process. */
const sayerOf = (locale: Exclude<Locale, "en">): Sayer => ({
  locale,
  find: findMessage,
  formatterOf(key) {
    const message = catalogues[locale][key as MessageKey];
    if (message === undefined) return undefined;
    const format = keptIn(compiled, `${locale}:${key}`, () => messageFormatter(message, locale));
    return (values) => String(format.format(values));
  },
});

/**
 * A text of the English catalogue (a template's text too) in `locale`: the same message from that
 * language's catalogue, with the template's arguments. A text of no message (a card provider's own
 * words, a framework's) is returned as it is.
 */
export function translate(text: string, locale: Locale): string {
  return locale === "en" ? text : sayText(text, sayerOf(locale));
}
