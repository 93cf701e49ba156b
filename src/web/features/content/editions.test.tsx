import { render, screen, within } from "@testing-library/react";
import { createMemoryRouter, RouterProvider } from "react-router";
import { describe, expect, it } from "vitest";
import bn from "#shared/i18n/bn.json" with { type: "json" };
import { LOCALES } from "#shared/i18n/locales.ts";
import { MSG } from "#shared/messages.ts";
import { ENGLISH, type Language, LanguageProvider } from "#web/lib/i18n.tsx";
import { ARTICLES } from "./articles.ts";
import { ARTICLES_BN } from "./articles-bn.ts";
import { type Block, type Inline, type Rich, wordCount } from "./blocks.ts";
import BlogArticlePage from "./blog-article-page.tsx";
import BlogPage from "./blog-page.tsx";
import { ARTICLE_EDITIONS, editionIn, FAQ_EDITIONS, LEGAL_EDITIONS } from "./editions.ts";
import { FAQ_GROUPS } from "./faq-items.ts";
import { FAQ_GROUPS_BN } from "./faq-items-bn.ts";
import FaqPage from "./faq-page.tsx";
import { LEGAL_DOCS } from "./legal.ts";
import { LEGAL_DOCS_BN } from "./legal-bn.ts";
import LegalPage from "./legal-page.tsx";

/*
 * The content pages' Bangla edition (articles-bn.ts, faq-items-bn.ts, legal-bn.ts) says what the
 * English says: every article, question and policy, with the same slugs, dates, authors, links, code
 * and blocks, its words in Bengali script. Inline pieces may move within a sentence (Bangla puts
 * words in another order), so a paragraph's links, code and bold are compared as a set.
 */

/** What a paragraph or list item holds besides its words: its links, code and bold, in any order. */
function richShape(rich: Rich): string[] {
  if (typeof rich === "string") return [];
  return rich
    .flatMap((piece: Inline) => {
      if (typeof piece === "string") return [];
      if ("link" in piece) return [`link ${piece.link}`];
      if ("code" in piece) return [`code ${piece.code}`];
      return ["strong"];
    })
    .sort();
}

/** A code block's code without its `//` comments (said in the edition's language). */
function codeOnly(code: string): string {
  return code
    .split("\n")
    .map((line) => line.replace(/\s*\/\/.*$/, ""))
    .join("\n");
}

/** The blocks' structure: their kinds, lists' lengths, links, code and bold. */
function shape(blocks: readonly Block[]): unknown[] {
  return blocks.map((block) => {
    switch (block.type) {
      case "h2":
        return { type: block.type };
      case "code":
        return { type: block.type, code: codeOnly(block.code) };
      case "ul":
      case "ol":
        return { type: block.type, items: block.items.map(richShape) };
      default:
        return { type: block.type, text: richShape(block.text) };
    }
  });
}

function richWords(rich: Rich): string {
  if (typeof rich === "string") return rich;
  return rich
    .map((piece) => {
      if (typeof piece === "string") return piece;
      if ("link" in piece) return piece.text;
      if ("code" in piece) return "";
      return piece.strong;
    })
    .join("");
}

/** Every text a reader reads in the blocks (code aside): headings, paragraphs, list items, links. */
function readable(blocks: readonly Block[]): string[] {
  return blocks.flatMap((block) => {
    switch (block.type) {
      case "h2":
        return [block.text];
      case "code":
        return [];
      case "ul":
      case "ol":
        return block.items.map(richWords);
      default:
        return [richWords(block.text)];
    }
  });
}

function links(blocks: readonly Block[]): string[] {
  return blocks.flatMap((block) => {
    const rich =
      block.type === "ul" || block.type === "ol" ? block.items : block.type === "code" ? [] : [block.text];
    return rich.flatMap((r) =>
      typeof r === "string" ? [] : r.flatMap((p) => (typeof p === "object" && "link" in p ? [p.text] : [])),
    );
  });
}

/**
 * Written in Bengali script: a Bengali word in every text, and in a sentence of some length more
 * Bengali words than Latin ones (brand names, model names and code terms stay in Latin script, as
 * Bangladeshi sites write them, so a short heading may have more of those).
 */
function expectBangla(text: string, where: string) {
  const words = text.split(/\s+/).filter(Boolean);
  const bengali = words.filter((w) => /\p{Script=Bengali}/u.test(w)).length;
  const latin = words.filter((w) => /\p{Script=Latin}/u.test(w) && !/\p{Script=Bengali}/u.test(w)).length;
  expect(bengali, `${where}: ${text}`).toBeGreaterThan(0);
  if (words.length >= 8) expect(bengali, `${where}: ${text}`).toBeGreaterThan(latin);
}

describe("the Bangla edition of the blog (articles-bn.ts)", () => {
  it("has every English article, in the same order, with its slug, date and author", () => {
    expect(ARTICLES_BN.map((a) => [a.slug, a.date, a.author])).toEqual(
      ARTICLES.map((a) => [a.slug, a.date, a.author]),
    );
  });

  it.each(ARTICLES.map((a, i) => [a.slug, a, ARTICLES_BN[i]!] as const))(
    "%s has the English article's blocks, links and code",
    (_, english, bangla) => {
      expect(shape(bangla.body)).toEqual(shape(english.body));
    },
  );

  it.each(ARTICLES_BN.map((a) => [a.slug, a] as const))(
    "%s is written in Bengali script",
    (slug, article) => {
      for (const text of [
        article.title,
        article.summary,
        ...readable(article.body),
        ...links(article.body),
      ]) {
        expectBangla(text, slug);
      }
    },
  );

  it("works out each article's reading time from its Bangla body", () => {
    for (const article of ARTICLES_BN) {
      expect(article.readingMinutes, article.slug).toBe(
        Math.max(1, Math.round(wordCount(article.body) / 200)),
      );
    }
  });
});

describe("the Bangla edition of the FAQ (faq-items-bn.ts)", () => {
  it("has every English group and question, in the same order, with the same ids", () => {
    const ids = (groups: typeof FAQ_GROUPS) => groups.map((g) => [g.id, g.items.map((i) => i.id)]);
    expect(ids(FAQ_GROUPS_BN)).toEqual(ids(FAQ_GROUPS));
  });

  const pairs = FAQ_GROUPS.flatMap((group, g) =>
    group.items.map((item, i) => [item.id, item, FAQ_GROUPS_BN[g]!.items[i]!] as const),
  );

  it.each(pairs)("%s has the English answer's blocks, links and code", (_, english, bangla) => {
    expect(shape(bangla.answer)).toEqual(shape(english.answer));
  });

  it.each(pairs)("%s is written in Bengali script", (id, _, bangla) => {
    for (const text of [bangla.question, ...readable(bangla.answer), ...links(bangla.answer)]) {
      expectBangla(text, id);
    }
  });

  it("names its groups in Bengali script", () => {
    for (const group of FAQ_GROUPS_BN) expectBangla(group.title, group.id);
  });
});

describe("the Bangla edition of the legal pages (legal-bn.ts)", () => {
  it("has every English policy, in the same order, at the same path and date", () => {
    expect(LEGAL_DOCS_BN.map((d) => [d.path, d.updated])).toEqual(LEGAL_DOCS.map((d) => [d.path, d.updated]));
  });

  it.each(LEGAL_DOCS.map((d, i) => [d.path, d, LEGAL_DOCS_BN[i]!] as const))(
    "%s has the English policy's sections, links and code",
    (_, english, bangla) => {
      expect(shape(bangla.body)).toEqual(shape(english.body));
    },
  );

  it.each(LEGAL_DOCS_BN.map((d) => [d.path, d] as const))("%s is written in Bengali script", (path, doc) => {
    for (const text of [doc.title, doc.summary, ...readable(doc.body), ...links(doc.body)]) {
      expectBangla(text, path);
    }
  });

  it("calls each policy what the catalogue calls it (the footer's links, sign-up's sentence)", () => {
    const catalogue: Record<string, string> = bn;
    expect(LEGAL_DOCS.map((d) => d.title)).toEqual([MSG.legal.terms, MSG.legal.privacy, MSG.legal.cookies]);
    expect(LEGAL_DOCS_BN.map((d) => d.title)).toEqual([
      catalogue["legal.terms"],
      catalogue["legal.privacy"],
      catalogue["legal.cookies"],
    ]);
  });
});

describe("the pages show the edition of their language", () => {
  it("has an edition for every language MotoHaat speaks, English's being the English texts, at once", async () => {
    const articles = { en: ARTICLES, ...ARTICLE_EDITIONS };
    const faq = { en: FAQ_GROUPS, ...FAQ_EDITIONS };
    const legal = { en: LEGAL_DOCS, ...LEGAL_EDITIONS };
    for (const locale of LOCALES) {
      expect((await editionIn(articles, locale)).length, locale).toBe(ARTICLES.length);
      expect((await editionIn(faq, locale)).length, locale).toBe(FAQ_GROUPS.length);
      expect((await editionIn(legal, locale)).length, locale).toBe(LEGAL_DOCS.length);
    }
    expect(editionIn(articles, "en")).toBe(ARTICLES);
    expect(editionIn(faq, "en")).toBe(FAQ_GROUPS);
    expect(editionIn(legal, "en")).toBe(LEGAL_DOCS);
    // Another language's, once loaded, is read at once too (a page shown again does not suspend).
    expect(editionIn(articles, "bn")).toBe(ARTICLES_BN);
    expect(editionIn(faq, "bn")).toBe(FAQ_GROUPS_BN);
    expect(editionIn(legal, "bn")).toBe(LEGAL_DOCS_BN);
  });

  /** A Bangla page without its catalogue: the content is the edition's, the frame's words English. */
  const BANGLA: Language = { ...ENGLISH, locale: "bn" };

  function renderInBangla(url: string) {
    const router = createMemoryRouter(
      [
        { path: "/blog", element: <BlogPage /> },
        { path: "/blog/:slug", element: <BlogArticlePage /> },
        { path: "/faq", element: <FaqPage /> },
        { path: "/terms", element: <LegalPage /> },
        { path: "/privacy", element: <LegalPage /> },
        { path: "/cookies", element: <LegalPage /> },
      ],
      { initialEntries: [url] },
    );
    render(
      <LanguageProvider initial={BANGLA}>
        <RouterProvider router={router} />
      </LanguageProvider>,
    );
  }

  it("lists the Bangla articles on the blog, dated in Bangla", async () => {
    renderInBangla("/blog");
    const first = ARTICLES_BN[0]!;
    const card = (await screen.findAllByRole("article")).find((c) =>
      within(c).queryByRole("heading", { name: first.title }),
    )!;
    expect(within(card).getByText(first.summary)).toBeInTheDocument();
    expect(card.querySelector("time")?.textContent).toMatch(/[০-৯]/);
  });

  it("shows an article in Bangla, with the other Bangla articles below it", async () => {
    const [first, second] = ARTICLES_BN;
    renderInBangla(`/blog/${first!.slug}`);
    expect(await screen.findByRole("heading", { level: 1, name: first!.title })).toBeInTheDocument();
    expect(screen.getByRole("link", { name: second!.title })).toHaveAttribute(
      "href",
      `/blog/${second!.slug}`,
    );
  });

  it("asks and answers the FAQ's questions in Bangla", async () => {
    renderInBangla("/faq");
    const item = FAQ_GROUPS_BN[0]!.items[1]!;
    expect(await screen.findByRole("region", { name: FAQ_GROUPS_BN[0]!.title })).toBeInTheDocument();
    expect(screen.getByText(item.question).closest("details")).toHaveAttribute("id", item.id);
  });

  it("shows the privacy policy in Bangla, with the other two policies linked by their Bangla names", async () => {
    renderInBangla("/privacy");
    const [terms, privacy, cookies] = LEGAL_DOCS_BN;
    expect(await screen.findByRole("heading", { level: 1, name: privacy!.title })).toBeInTheDocument();
    const others = screen.getByRole("navigation");
    expect(within(others).getByRole("link", { name: terms!.title })).toHaveAttribute("href", "/terms");
    expect(within(others).getByRole("link", { name: cookies!.title })).toHaveAttribute("href", "/cookies");
  });
});
