import { use } from "react";
import type { Locale } from "#shared/i18n/locales.ts";
import { keptIn } from "#shared/kept.ts";
import { pageLocale, useLocale } from "#web/lib/i18n.tsx";
import type { Article } from "./articles.ts";
import type { FaqGroup } from "./faq-items.ts";
import type { LegalDoc } from "./legal.ts";

/**
 * The content pages' long-form words — articles, FAQ answers, legal pages — are content, not
 * messages: each language has its own edition, with the same slugs, dates, authors, links and block
 * structure (editions.test.tsx checks that), and a page shows the one of its language.
 *
 * A page imports its English edition and names the others by a loader: an English reader's FAQ
 * carries no Bangla, a Bangla reader's loads the Bangla FAQ only (it was all three kinds in both
 * languages, 33 KB gzip, on every content page). A new language in src/shared/i18n/locales.ts needs an
 * edition here too: these records say so.
 */
export type Editions<T> = { en: T } & Record<Exclude<Locale, "en">, () => Promise<T>>;

export const ARTICLE_EDITIONS = {
  bn: () => import("./articles-bn.ts").then((m) => m.ARTICLES_BN),
} satisfies Omit<Editions<readonly Article[]>, "en">;
export const FAQ_EDITIONS = {
  bn: () => import("./faq-items-bn.ts").then((m) => m.FAQ_GROUPS_BN),
} satisfies Omit<Editions<readonly FaqGroup[]>, "en">;
export const LEGAL_EDITIONS = {
  bn: () => import("./legal-bn.ts").then((m) => m.LEGAL_DOCS_BN),
} satisfies Omit<Editions<readonly LegalDoc[]>, "en">;

/** A promise React's `use` reads at once once settled (the fields React itself sets on what it awaits). */
type Tracked<T> = Promise<T> & { status?: "pending" | "fulfilled" | "rejected"; value?: T; reason?: unknown };

/** Each loader's one load (a page shown again, on the server for every request, reads the same). */
const loads = new WeakMap<() => Promise<unknown>, Tracked<unknown>>();

/** `load`'s one load, its outcome written on it for React's `use` (a failed one is forgotten). */
function loadOnce<T>(load: () => Promise<T>): Tracked<T> {
  return keptIn(loads, load, () => {
    const promise: Tracked<unknown> = load();
    promise.status = "pending";
    promise.then(
      (value) => Object.assign(promise, { status: "fulfilled", value }),
      (reason) => {
        Object.assign(promise, { status: "rejected", reason });
        // Offline for a moment: the next page asks again rather than failing for good.
        loads.delete(load);
      },
    );
    return promise;
  }) as Tracked<T>;
}

/** `editions`' edition in `locale`, loaded once: the English at once, another when first asked for. */
export function editionIn<T>(editions: Editions<T>, locale: Locale): T | Promise<T> {
  if (locale === "en") return editions.en;
  const tracked = loadOnce(editions[locale]);
  return tracked.status === "fulfilled" ? tracked.value! : tracked;
}

/**
 * Starts loading the edition of the page the server rendered, when the page's module arrives (before
 * hydration, which would otherwise ask for it only when it reaches the page, and wait).
 */
export function preloadEdition<T>(others: Omit<Editions<T>, "en">): void {
  const locale = pageLocale();
  if (locale !== "en") void loadOnce(others[locale]);
}

/**
 * The edition of the page's language. Another language's suspends the page until it has loaded: the
 * server's render waits for it (prerender), hydration keeps the server's HTML meanwhile, and the
 * language switch changes pages in a transition, so the page in hand stays on screen.
 */
export function useEdition<T>(editions: Editions<T>): T {
  const edition = editionIn(editions, useLocale());
  return edition instanceof Promise ? use(edition) : edition;
}
