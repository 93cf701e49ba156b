import { describe, expect, it } from "vitest";
import { BLOG_ARTICLES } from "#shared/blog.ts";
import { ARTICLES } from "./articles.ts";

describe("the blog's list of pages (src/shared/blog.ts, read by the server's sitemap)", () => {
  it("names every article, with its slug and date of publication, in the same order", () => {
    expect(BLOG_ARTICLES).toEqual(ARTICLES.map((a) => ({ slug: a.slug, date: a.date.slice(0, 10) })));
  });
});
