import { createRequire } from "node:module";
import os from "node:os";
import path from "node:path";
import { eq } from "drizzle-orm";
import type { LightMyRequestResponse } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { listings } from "#server/db/schema.ts";
import { call, createTestApp, expectProblem, type TestApp } from "#server/test/app.ts";
import { buildListing, buildUser } from "#server/test/factories.ts";
import { createWebDist } from "#server/test/web-dist.ts";
import { BLOG_ARTICLES } from "#shared/blog.ts";
import { CATEGORIES } from "#shared/categories.ts";
import { SITEMAP, urlsetXml } from "./sitemap.ts";

const PUBLIC_URL = "https://motohaat.example";
const NS = "http://www.sitemaps.org/schemas/sitemap/0.9";
const SHELL = "<!doctype html><title>MotoHaat shell</title>";

type XmlList = ArrayLike<XmlElement> & Iterable<XmlElement>;
type XmlElement = {
  localName: string;
  namespaceURI: string | null;
  textContent: string | null;
  children: XmlList;
  getElementsByTagName(name: string): XmlList;
};
type XmlDocument = { documentElement: XmlElement; getElementsByTagName(name: string): XmlList };

/** jsdom's strict XML parser: jsdom ships no types, and the server's TypeScript has no DOM library. */
const { JSDOM } = createRequire(import.meta.url)("jsdom") as {
  JSDOM: new (
    html: string,
  ) => { window: { DOMParser: new () => { parseFromString(text: string, type: string): XmlDocument } } };
};

/** The document a search engine parses; fails the test unless it is well-formed XML. */
function parseXml(xml: string): XmlDocument {
  const doc = new new JSDOM("").window.DOMParser().parseFromString(xml, "application/xml");
  expect(doc.getElementsByTagName("parsererror"), xml.slice(0, 500)).toHaveLength(0);
  return doc;
}

type Url = { loc: string; lastmod: string | null };

/** A `<urlset>`'s entries (a sitemap file), after checking its root element and namespace. */
function urlsOf(res: LightMyRequestResponse): Url[] {
  expectSitemapHeaders(res);
  const root = parseXml(res.body).documentElement;
  expect(root.localName).toBe("urlset");
  expect(root.namespaceURI).toBe(NS);
  return [...root.children].map((url) => {
    expect(url.localName).toBe("url");
    return {
      loc: url.getElementsByTagName("loc")[0]!.textContent!,
      lastmod: url.getElementsByTagName("lastmod")[0]?.textContent ?? null,
    };
  });
}

function expectSitemapHeaders(res: LightMyRequestResponse) {
  expect(res.statusCode, res.body).toBe(200);
  expect(res.headers["content-type"]).toBe("application/xml; charset=utf-8");
  expect(res.headers["cache-control"]).toBe(`public, max-age=${SITEMAP.maxAgeSeconds}`);
}

describe("/robots.txt", () => {
  let webDist: Awaited<ReturnType<typeof createWebDist>>;
  let t: TestApp;
  beforeAll(async () => {
    webDist = await createWebDist(SHELL);
    t = await createTestApp({ PUBLIC_URL }, { webDist: webDist.dir });
  });
  afterAll(async () => {
    await t?.close();
    await webDist?.remove();
  });

  it("is plain text, not the app's HTML: public pages open, accounts, dashboards and the API closed, the sitemap named", async () => {
    const res = await call(t.app, { method: "GET", url: "/robots.txt" });
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toBe("text/plain; charset=utf-8");
    expect(res.headers["cache-control"]).toBe("public, max-age=3600");
    expect(res.body).not.toContain("MotoHaat shell");
    const lines = res.body.split("\n");
    expect(lines[0]).toBe("User-agent: *");
    for (const rule of [
      "Allow: /",
      "Disallow: /dashboard",
      "Disallow: /api/",
      "Disallow: /signin?",
      "Disallow: /signup",
      "Disallow: /reset-password",
    ]) {
      expect(lines, rule).toContain(rule);
    }
    // The reads the public pages render from stay open to a crawler that runs the app.
    for (const read of ["/api/listings", "/api/categories", "/api/sellers/", "/api/auth/me"]) {
      expect(lines).toContain(`Allow: ${read}`);
    }
    expect(lines).toContain(`Sitemap: ${PUBLIC_URL}/sitemap.xml`);
  });

  it("is there without a built web app too", async () => {
    const bare = await createTestApp(
      { PUBLIC_URL },
      { webDist: path.join(os.tmpdir(), "motohaat-no-web-here") },
    );
    try {
      const res = await call(bare.app, { method: "GET", url: "/robots.txt" });
      expect(res.statusCode).toBe(200);
      expect(res.body).toContain(`Sitemap: ${PUBLIC_URL}/sitemap.xml`);
    } finally {
      await bare.close();
    }
  });
});

describe("/sitemap.xml", () => {
  const defaultSize = SITEMAP.urlsPerFile;
  let webDist: Awaited<ReturnType<typeof createWebDist>>;
  let t: TestApp;
  const forSale: { id: string; createdAt: Date }[] = [];
  let sellerIds: string[];
  let notListed: string[];

  beforeAll(async () => {
    // Two URLs a file, so that five listings for sale take three files (the protocol's 50,000 otherwise).
    SITEMAP.urlsPerFile = 2;
    webDist = await createWebDist(SHELL);
    t = await createTestApp({ PUBLIC_URL }, { webDist: webDist.dir });
    const [a, b, c, d] = await Promise.all([1, 2, 3, 4].map(() => buildUser(t.app, { role: "seller" })));
    for (const sellerId of [a!.id, a!.id, a!.id, b!.id, c!.id]) {
      const l = await buildListing(t.app, { sellerId });
      forSale.push({ id: l.id, createdAt: l.createdAt });
    }
    const sold = await buildListing(t.app, { sellerId: b!.id, status: "sold" });
    const hidden = await buildListing(t.app, { sellerId: d!.id, hidden: true });
    sellerIds = [a!.id, b!.id, c!.id];
    // Seller d has only a removed bike: no page worth listing.
    notListed = [sold.id, hidden.id, d!.id];
  });
  afterAll(async () => {
    SITEMAP.urlsPerFile = defaultSize;
    await t?.close();
    await webDist?.remove();
  });

  const get = (url: string) => call(t.app, { method: "GET", url });

  /** The sitemap files the index names, as paths. */
  async function indexedFiles(): Promise<string[]> {
    const res = await get("/sitemap.xml");
    expectSitemapHeaders(res);
    const root = parseXml(res.body).documentElement;
    expect(root.localName).toBe("sitemapindex");
    expect(root.namespaceURI).toBe(NS);
    return [...root.getElementsByTagName("loc")].map((loc) => {
      const url = new URL(loc.textContent!);
      expect(url.origin).toBe(PUBLIC_URL);
      return url.pathname;
    });
  }

  it("indexes the fixed pages, then the sellers and listings in files of at most urlsPerFile", async () => {
    expect(await indexedFiles()).toEqual([
      "/sitemap-pages.xml",
      "/sitemap-sellers-1.xml",
      "/sitemap-sellers-2.xml",
      "/sitemap-listings-1.xml",
      "/sitemap-listings-2.xml",
      "/sitemap-listings-3.xml",
    ]);
  });

  it("lists home, all bikes, every category, the blog and each article, the FAQ and the legal pages", async () => {
    const urls = urlsOf(await get("/sitemap-pages.xml"));
    expect(urls.map((u) => u.loc)).toEqual([
      `${PUBLIC_URL}/`,
      `${PUBLIC_URL}/products/all`,
      ...CATEGORIES.map((c) => `${PUBLIC_URL}/products/${c.slug}`),
      `${PUBLIC_URL}/blog`,
      ...BLOG_ARTICLES.map((a) => `${PUBLIC_URL}/blog/${a.slug}`),
      `${PUBLIC_URL}/faq`,
      `${PUBLIC_URL}/terms`,
      `${PUBLIC_URL}/privacy`,
      `${PUBLIC_URL}/cookies`,
    ]);
    const article = urls.find((u) => u.loc.endsWith(BLOG_ARTICLES[0]!.slug));
    expect(article?.lastmod).toBe(BLOG_ARTICLES[0]!.date);
  });

  it("lists every listing for sale once, in key order across its files, with the day it was listed", async () => {
    const urls: Url[] = [];
    for (const n of [1, 2, 3]) {
      const page = urlsOf(await get(`/sitemap-listings-${n}.xml`));
      expect(page.length, `file ${n}`).toBeLessThanOrEqual(2);
      urls.push(...page);
    }
    const expected = [...forSale].sort((x, y) => (x.id < y.id ? -1 : 1));
    expect(urls).toEqual(
      expected.map((l) => ({
        loc: `${PUBLIC_URL}/products/productdetails/${l.id}`,
        lastmod: l.createdAt.toISOString(),
      })),
    );
    for (const id of notListed) expect(JSON.stringify(urls)).not.toContain(id);
  });

  it("lists every seller with a bike for sale, dated by their newest one", async () => {
    const urls = [
      ...urlsOf(await get("/sitemap-sellers-1.xml")),
      ...urlsOf(await get("/sitemap-sellers-2.xml")),
    ];
    expect(urls.map((u) => u.loc)).toEqual([...sellerIds].sort().map((id) => `${PUBLIC_URL}/sellers/${id}`));
    for (const id of notListed) expect(JSON.stringify(urls)).not.toContain(id);
  });

  it("drops a bike the moment it is sold or removed, without waiting for new page boundaries", async () => {
    await indexedFiles();
    const gone = forSale[0]!.id;
    await t.app.db.update(listings).set({ status: "sold" }).where(eq(listings.id, gone));
    try {
      const all = [1, 2, 3].map((n) => get(`/sitemap-listings-${n}.xml`));
      const bodies = (await Promise.all(all)).map((res) => res.body);
      expect(bodies.join("")).not.toContain(gone);
    } finally {
      await t.app.db.update(listings).set({ status: "available" }).where(eq(listings.id, gone));
    }
  });

  it("answers a file past the last, or a number spelled otherwise, with 404 problem+json", async () => {
    for (const url of [
      "/sitemap-listings-4.xml",
      "/sitemap-listings-0.xml",
      "/sitemap-listings-01.xml",
      "/sitemap-listings-1.5.xml",
      "/sitemap-listings-x.xml",
      `/sitemap-sellers-${"9".repeat(30)}.xml`,
      "/sitemap-sellers-3.xml",
    ]) {
      expectProblem(await get(url), 404);
    }
  });

  it("escapes every value it writes: a location with markup stays text", () => {
    const loc = `${PUBLIC_URL}/?q=<b>&"it's"`;
    const xml = urlsetXml([{ loc, lastmod: "2025-01-12" }]);
    expect(xml).not.toContain("<b>");
    const doc = parseXml(xml);
    expect(doc.getElementsByTagName("loc")[0]!.textContent).toBe(loc);
    expect(doc.getElementsByTagName("url")).toHaveLength(1);
  });
});
