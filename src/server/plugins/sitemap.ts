/**
 * `/sitemap.xml` for search engines (the sitemaps.org protocol): a sitemap index naming
 * `/sitemap-pages.xml` (home, every category, the blog and its articles, the FAQ) and the paged
 * `/sitemap-sellers-<n>.xml` and `/sitemap-listings-<n>.xml` (every seller with a bike for sale and
 * every listing for sale, with lastmod). Only public pages: nothing behind a sign-in, no sold or
 * removed bike. Paths are the web app's (src/web/config/paths.ts), which the server may not import.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import type { Db } from "#server/db/client.ts";
import { NotFound } from "#server/errors.ts";
import { BLOG_ARTICLES } from "#shared/blog.ts";
import { CATEGORIES } from "#shared/categories.ts";
import {
  listingPage,
  listingPageStarts,
  type SitemapRow,
  sellerPage,
  sellerPageStarts,
} from "./sitemap-queries.ts";

export const SITEMAP = {
  /**
   * URLs in one sitemap file: the protocol's limit (50,000 URLs, 50 MB; ours run about 120 bytes a
   * URL). Tests lower it to see the paging without writing 50,000 listings.
   */
  urlsPerFile: 50_000,
  /** How long a client or a CDN may reuse a sitemap, and this node its page boundaries. */
  maxAgeSeconds: 300,
};

const NS = "http://www.sitemaps.org/schemas/sitemap/0.9";

const XML_ESCAPES: Record<string, string> = {
  "&": "&amp;",
  "<": "&lt;",
  ">": "&gt;",
  '"': "&quot;",
  "'": "&apos;",
};

/** Text made safe as XML element content (the protocol asks for every value escaped). */
export function xmlEscape(text: string): string {
  return text.replace(/[&<>"']/g, (c) => XML_ESCAPES[c]!);
}

type UrlEntry = { loc: string; lastmod?: Date | string };

const lastmodOf = (lastmod: Date | string) => (typeof lastmod === "string" ? lastmod : lastmod.toISOString());

/** A `<urlset>`: one sitemap file. */
export function urlsetXml(urls: readonly UrlEntry[]): string {
  const lines = urls.map(
    ({ loc, lastmod }) =>
      `<url><loc>${xmlEscape(loc)}</loc>${lastmod ? `<lastmod>${xmlEscape(lastmodOf(lastmod))}</lastmod>` : ""}</url>`,
  );
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="${NS}">\n${lines.join("\n")}\n</urlset>\n`;
}

/** A `<sitemapindex>`: the sitemap files. */
export function sitemapIndexXml(locs: readonly string[]): string {
  const lines = locs.map((loc) => `<sitemap><loc>${xmlEscape(loc)}</loc></sitemap>`);
  return `<?xml version="1.0" encoding="UTF-8"?>\n<sitemapindex xmlns="${NS}">\n${lines.join("\n")}\n</sitemapindex>\n`;
}

type PagedKind = {
  starts(db: Db, size: number): Promise<string[]>;
  page(db: Db, from: string, to: string | undefined, size: number): Promise<SitemapRow[]>;
  path(id: string): string;
};

/** Sellers before listings: the index lists them in this order. */
const PAGED: Record<"sellers" | "listings", PagedKind> = {
  sellers: {
    starts: sellerPageStarts,
    page: sellerPage,
    path: (id) => `/sellers/${encodeURIComponent(id)}`,
  },
  listings: {
    starts: listingPageStarts,
    page: listingPage,
    path: (id) => `/products/productdetails/${encodeURIComponent(id)}`,
  },
};

/** Home, all bikes, every category, the blog and its articles, the FAQ, the legal pages. */
function fixedPages(): UrlEntry[] {
  return [
    { loc: "/" },
    { loc: "/products/all" },
    ...CATEGORIES.map((c) => ({ loc: `/products/${encodeURIComponent(c.slug)}` })),
    { loc: "/blog" },
    ...BLOG_ARTICLES.map((a) => ({ loc: `/blog/${encodeURIComponent(a.slug)}`, lastmod: a.date })),
    { loc: "/faq" },
    { loc: "/terms" },
    { loc: "/privacy" },
    { loc: "/cookies" },
  ];
}

/** A page number as a URL spells it: 1, 2, … (no sign, no leading zero). */
const PAGE_NUMBER = /^[1-9][0-9]{0,8}$/;

export async function sitemapRoutes(app: FastifyInstance) {
  const absolute = (path: string) => new URL(path, app.config.publicUrl).href;

  /**
   * Each kind's page starts, reused for maxAgeSeconds: finding them is the one pass over every key,
   * and a search engine fetches the index and then each page. A listing added meanwhile still shows
   * in the page whose range holds its id (a page is a key range, read when asked).
   */
  let starts: { at: number; value: Promise<Record<keyof typeof PAGED, string[]>> } | undefined;
  function pageStarts() {
    if (!starts || Date.now() - starts.at > SITEMAP.maxAgeSeconds * 1000) {
      const size = SITEMAP.urlsPerFile;
      const value = Promise.all([
        PAGED.sellers.starts(app.db, size),
        PAGED.listings.starts(app.db, size),
      ]).then(([sellers, listings]) => ({ sellers, listings }));
      const current = { at: Date.now(), value };
      starts = current;
      // A failed read is not kept: the next request tries again.
      value.catch(() => {
        if (starts === current) starts = undefined;
      });
    }
    return starts.value;
  }

  function sendXml(reply: FastifyReply, xml: string) {
    return reply
      .header("cache-control", `public, max-age=${SITEMAP.maxAgeSeconds}`)
      .type("application/xml; charset=utf-8")
      .send(xml);
  }

  const hide = { schema: { hide: true } };

  app.get("/sitemap.xml", hide, async (_request, reply) => {
    const all = await pageStarts();
    const locs = [
      "/sitemap-pages.xml",
      ...(Object.keys(PAGED) as (keyof typeof PAGED)[]).flatMap((kind) =>
        all[kind].map((_, i) => `/sitemap-${kind}-${i + 1}.xml`),
      ),
    ];
    return sendXml(reply, sitemapIndexXml(locs.map(absolute)));
  });

  app.get("/sitemap-pages.xml", hide, async (_request, reply) =>
    sendXml(reply, urlsetXml(fixedPages().map((p) => ({ ...p, loc: absolute(p.loc) })))),
  );

  for (const kind of Object.keys(PAGED) as (keyof typeof PAGED)[]) {
    const paged = PAGED[kind];
    app.get<{ Params: { n: string } }>(`/sitemap-${kind}-:n.xml`, hide, async (request, reply) => {
      const all = (await pageStarts())[kind];
      const n = PAGE_NUMBER.test(request.params.n) ? Number(request.params.n) : 0;
      if (n < 1 || n > all.length) throw notFound(request);
      const rows = await paged.page(app.db, all[n - 1]!, all[n], SITEMAP.urlsPerFile);
      return sendXml(
        reply,
        urlsetXml(rows.map((r) => ({ loc: absolute(paged.path(r.id)), lastmod: r.lastmod }))),
      );
    });
  }
}

/** Like any other unknown address (web.ts's not-found handler). */
function notFound(request: FastifyRequest) {
  return new NotFound(`Nothing at ${request.method} ${request.url.split("?")[0]}.`, "route.notFound");
}
