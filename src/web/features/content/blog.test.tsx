import { render, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { createMemoryRouter, RouterProvider } from "react-router";
import { describe, expect, it } from "vitest";
import { ARTICLES } from "./articles.ts";
import { type Block, wordCount } from "./blocks.ts";
import BlogArticlePage from "./blog-article-page.tsx";
import BlogPage from "./blog-page.tsx";
import { FAQ_GROUPS } from "./faq-items.ts";

function renderAt(url: string) {
  const router = createMemoryRouter(
    [
      { path: "/blog", element: <BlogPage /> },
      { path: "/blog/:slug", element: <BlogArticlePage /> },
    ],
    { initialEntries: [url] },
  );
  render(<RouterProvider router={router} />);
  return router;
}

const first = ARTICLES[0]!;

/** Every in-app link in a list of blocks. */
function links(blocks: readonly Block[]): string[] {
  return blocks.flatMap((b) => {
    const rich = b.type === "ul" || b.type === "ol" ? b.items : b.type === "code" ? [] : [b.text];
    return rich.flatMap((r) =>
      typeof r === "string" ? [] : r.flatMap((p) => (typeof p === "object" && "link" in p ? [p.link] : [])),
    );
  });
}

describe("blog", () => {
  it("lists every article with its date, summary and a link to read it", async () => {
    const user = userEvent.setup();
    const router = renderAt("/blog");
    expect(document.title).toBe("Blog — MotoHaat");
    const cards = screen.getAllByRole("article");
    expect(cards).toHaveLength(ARTICLES.length);
    const card = cards.find((c) => within(c).queryByRole("heading", { name: first.title }))!;
    expect(within(card).getByText(first.summary)).toBeInTheDocument();
    expect(within(card).getByText("12-Jan-2025")).toHaveAttribute("datetime", first.date);

    await user.click(within(card).getByRole("link", { name: /^Read more/ }));
    expect(router.state.location.pathname).toBe(`/blog/${first.slug}`);
    expect(await screen.findByRole("heading", { level: 1, name: first.title })).toBeInTheDocument();
  });

  it("shows an article with its byline and a way back to the blog", () => {
    renderAt(`/blog/${first.slug}`);
    expect(document.title).toBe(`${first.title} — MotoHaat`);
    expect(screen.getByText(`By ${first.author}`, { exact: false })).toBeInTheDocument();
    expect(screen.getByRole("heading", { level: 2, name: "Tax token" })).toBeInTheDocument();
    expect(screen.getAllByRole("link", { name: "Back to blog" })[0]).toHaveAttribute("href", "/blog");
  });

  it("answers an unknown slug with a friendly message and a link back to the blog", () => {
    renderAt("/blog/no-such-article");
    expect(
      screen.getByRole("heading", { level: 1, name: "We couldn't find that article" }),
    ).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Back to blog" })).toHaveAttribute("href", "/blog");
    expect(document.title).toBe("Article not found — MotoHaat");
  });

  it("has articles of a useful length, and links only to articles that exist", () => {
    expect(ARTICLES.length).toBeGreaterThanOrEqual(4);
    expect(new Set(ARTICLES.map((a) => a.slug)).size).toBe(ARTICLES.length);
    for (const article of ARTICLES) {
      const words = wordCount(article.body);
      expect(words, article.slug).toBeGreaterThanOrEqual(300);
      expect(words, article.slug).toBeLessThanOrEqual(600);
    }
    const targets = [
      ...ARTICLES.flatMap((a) => links(a.body)),
      ...FAQ_GROUPS.flatMap((g) => g.items.flatMap((i) => links(i.answer))),
    ];
    expect(targets.length).toBeGreaterThan(0);
    for (const target of targets) {
      expect(
        ARTICLES.map((a) => `/blog/${a.slug}`),
        target,
      ).toContain(target);
    }
  });
});
