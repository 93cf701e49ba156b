import type { Locale } from "#shared/i18n/locales.ts";
import { ARTICLES, type Article } from "./articles.ts";
import { ARTICLES_BN } from "./articles-bn.ts";
import { FAQ_GROUPS, type FaqGroup } from "./faq-items.ts";
import { FAQ_GROUPS_BN } from "./faq-items-bn.ts";
import { LEGAL_DOCS, type LegalDoc } from "./legal.ts";
import { LEGAL_DOCS_BN } from "./legal-bn.ts";

/**
 * The content pages' long-form words — articles, FAQ answers, legal pages — are content, not
 * messages: each language has its own edition, with the same slugs, dates, authors, links and block
 * structure (editions.test.ts checks that), and a page shows the one of its language (`useLocale()`).
 * A new language in src/shared/i18n/locales.ts needs an edition here too: these records say so.
 */
const ARTICLE_EDITIONS: Record<Locale, readonly Article[]> = { en: ARTICLES, bn: ARTICLES_BN };
const FAQ_EDITIONS: Record<Locale, readonly FaqGroup[]> = { en: FAQ_GROUPS, bn: FAQ_GROUPS_BN };
const LEGAL_EDITIONS: Record<Locale, readonly LegalDoc[]> = { en: LEGAL_DOCS, bn: LEGAL_DOCS_BN };

export function articlesIn(locale: Locale): readonly Article[] {
  return ARTICLE_EDITIONS[locale];
}

export function faqGroupsIn(locale: Locale): readonly FaqGroup[] {
  return FAQ_EDITIONS[locale];
}

export function legalDocsIn(locale: Locale): readonly LegalDoc[] {
  return LEGAL_EDITIONS[locale];
}
