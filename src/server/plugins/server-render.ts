/**
 * The public pages rendered on the server (decision 026): the web build's renderer
 * (src/web/entry-server.tsx, built into `<web build>/ssr/`) renders a page with the same route modules
 * and data the browser uses, and this puts it into index.html with its head, its status and the state
 * the browser hydrates from.
 *
 * The renderer's requests to the API are answered by this same app in-process (`app.inject`), signed
 * out: a rendered page is the same for everyone, so it never holds a person's state.
 */
import { AsyncLocalStorage } from "node:async_hooks";
import { createHash } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { promisify } from "node:util";
import zlib from "node:zlib";
import { Negotiator } from "@fastify/accept-negotiator";
import type { FastifyInstance, FastifyRequest } from "fastify";
import { LRUCache } from "lru-cache";
import type { Db } from "#server/db/client.ts";
import { readMarketVersion } from "#server/db/market-version.ts";
import { APP_CODE_ATTRIBUTE } from "#shared/head-script.ts";
import type { Locale } from "#shared/i18n/locales.ts";
import { escapeHtml } from "./share-tags.ts";

/** Where `vite build` puts the renderer inside the web build (vite.config.ts's SSR_DIR). */
export const SSR_DIR = "ssr";

/** The public pages with routes of their own (compressed on the fly); other addresses come through the not-found handler. */
export const SERVER_RENDERED_ROUTES = [
  "/",
  "/sellers/:id",
  "/blog",
  "/blog/:slug",
  "/faq",
  "/terms",
  "/privacy",
  "/cookies",
];

/** What src/web/entry-server.tsx exports, as this side sees it (the server does not compile web code). */
type RendererModule = {
  setApiTransport(transport: (path: string, init: RequestInit) => Promise<Response>): void;
  isPublicPath(pathname: string): boolean;
  render(
    request: Request,
    cache: { get(key: string): unknown; set(key: string, value: unknown): void },
    locale: Locale,
  ): Promise<
    | {
        kind: "page";
        status: number;
        html: string;
        head: { title: string; description: string };
        jsonLd?: string;
        /** The state script, whole (its id is the web app's to name). */
        state: string;
      }
    | { kind: "redirect"; status: number; location: string }
  >;
};

export type RenderedPage =
  | { kind: "page"; status: number; into: (indexHtml: string) => string }
  | { kind: "redirect"; status: number; location: string };

export type Renderer = {
  isPublicPath(pathname: string): boolean;
  /** The page at the request's address, or null when it could not be rendered (logged: the plain app goes out). */
  renderPage(app: FastifyInstance, request: FastifyRequest, locale: Locale): Promise<RenderedPage | null>;
};

/**
 * The app whose page is being rendered (the renderer module is one per process, apps may be several:
 * tests), and the page's language, which its API requests ask for too.
 */
const rendering = new AsyncLocalStorage<{ app: FastifyInstance; locale: Locale }>();

/** An API request of the renderer, answered by the app in-process, without anyone's cookies. */
async function injectTransport(url: string, init: RequestInit): Promise<Response> {
  const store = rendering.getStore();
  if (!store) throw new Error("An API request outside a server render");
  const res = await store.app.inject({
    method: (init.method ?? "GET") as "GET",
    url,
    headers: { accept: "application/json", "accept-language": store.locale },
  });
  const body = res.statusCode === 204 || res.statusCode === 304 ? null : new Uint8Array(res.rawPayload);
  return new Response(body, {
    status: res.statusCode,
    statusText: res.statusMessage,
    headers: { "content-type": String(res.headers["content-type"] ?? "application/json") },
  });
}

/** The search of a list page is part of what it is (a filtered list); any other page is its path. */
function canonicalUrl(url: URL): string {
  const isList =
    url.pathname.startsWith("/products/") && !url.pathname.startsWith("/products/productdetails/");
  return `${url.origin}${url.pathname}${isList ? url.search : ""}`;
}

/** The build's tags for the app's code: its entry and the modules it preloads (with their line's indent). */
const APP_CODE_TAG = /\n?[ \t]*(?:<script type="module"[^>]*><\/script>|<link rel="modulepreload"[^>]*>)/g;

/**
 * index.html with the rendered page: the title and the description replaced, the canonical URL and
 * the JSON-LD added to the head; the page in place of the static shell, followed by its state.
 */
function intoIndexHtml(
  html: string,
  page: { html: string; head: { title: string; description: string }; jsonLd?: string; state: string },
  canonical: string,
  stylesheet: (href: string) => string | null,
): string {
  const head = [`<link rel="canonical" href="${escapeHtml(canonical)}" />`];
  if (page.jsonLd) head.push(`<script type="application/ld+json">${page.jsonLd}</script>`);
  // The app's code waits, inert, for the head script to ask for it once the page is drawn (why:
  // src/shared/head-script.ts).
  const code: string[] = [];
  const withoutCode = html.replace(APP_CODE_TAG, (tag) => {
    code.push(tag.trim());
    return "";
  });
  const appCode = `<template ${APP_CODE_ATTRIBUTE}>${code.join("")}</template>`;
  // Functions as replacements: a `$` in a value is never read as a pattern.
  return withoutCode
    .replace(/<link rel="stylesheet"[^>]*href="([^"]+)"[^>]*>/g, (tag, href: string) => {
      const css = stylesheet(href);
      // The tag stays, disabled (a disabled stylesheet is not fetched), for the app's lazy code, which
      // loads a stylesheet its code needs unless the page has a link to it.
      return css === null ? tag : `<style>${css}</style>${tag.replace(/\s*\/?>$/, " disabled>")}`;
    })
    .replace(/<title>[\s\S]*?<\/title>/i, () => `<title>${escapeHtml(page.head.title)}</title>`)
    .replace(
      /<meta\s+name="description"[^>]*>/i,
      () => `<meta name="description" content="${escapeHtml(page.head.description)}" />`,
    )
    .replace(/<\/head>/i, () => `  ${head.join("\n    ")}\n  </head>`)
    .replace(
      /<div id="root">[\s\S]*<\/div>(\s*<\/body>)/i,
      (_match, end: string) => `<div id="root">${page.html}</div>\n    ${page.state}\n    ${appCode}${end}`,
    );
}

/**
 * The build's stylesheets, read once, to go inside a rendered page (issue 22, item 6): on a slow phone
 * network the page then paints as its HTML arrives, instead of after a stylesheet that shares the
 * line with the app's JavaScript (first paint 3.2 s at 400 kbps). Only the first page of a visit is
 * HTML from the server (later pages are the app's), so the stylesheet's cache is little missed. The
 * CSP allows inline styles. Null for an address that is not a file of the build: the tag stays.
 */
function buildStylesheets(webDist: string): (href: string) => string | null {
  const read = new Map<string, string | null>();
  return (href) => {
    if (!read.has(href)) {
      const file = path.join(webDist, path.normalize(href).replace(/^([/\\])+/, ""));
      const inside = file.startsWith(path.join(webDist, "assets") + path.sep) && file.endsWith(".css");
      read.set(
        href,
        inside && fs.existsSync(file)
          ? fs.readFileSync(file, "utf8").replaceAll("</style", "<\\/style")
          : null,
      );
    }
    return read.get(href) ?? null;
  };
}

/** Rendered pages kept per process: about 100 KB each, so at most ~50 MB. */
const KEPT_PAGES = 500;

/**
 * The renderer's cache (src/web/entry-server.tsx's RenderCache): keys are a page's address and every
 * answer it was rendered from, long strings, kept as their SHA-256.
 */
function renderCache() {
  const kept = new LRUCache<string, object>({ max: KEPT_PAGES });
  const hash = (key: string) => createHash("sha256").update(key).digest("base64");
  return {
    get: (key: string) => kept.get(hash(key)),
    set: (key: string, value: unknown) => void kept.set(hash(key), value as object),
  };
}

/** The renderer in the web build at `webDist`, or null when the build has none (a test's stand-in build). */
export async function loadRenderer(webDist: string): Promise<Renderer | null> {
  const entry = path.join(webDist, SSR_DIR, "entry-server.js");
  if (!fs.existsSync(entry)) return null;
  const module = (await import(pathToFileURL(entry).href)) as RendererModule;
  module.setApiTransport(injectTransport);
  const cache = renderCache();
  const stylesheet = buildStylesheets(webDist);
  return {
    isPublicPath: module.isPublicPath,
    async renderPage(app, request, locale) {
      const url = new URL(request.url, app.config.publicUrl);
      let out: Awaited<ReturnType<RendererModule["render"]>>;
      try {
        out = await rendering.run({ app, locale }, () => module.render(new Request(url), cache, locale));
      } catch (err) {
        request.log.error({ err }, "rendering the page failed; serving the plain app");
        return null;
      }
      if (out.kind === "redirect") return out;
      const page = out;
      return {
        kind: "page",
        status: page.status,
        into: (html) => intoIndexHtml(html, page, canonicalUrl(url), stylesheet),
      };
    },
  };
}

/** A page's whole answer as it went out: its HTML with every tag the server wrote, or a redirect. */
export type PageAnswer = { status: number; html: string } | { status: number; location: string };

/** Whole answers kept per process, by size: a rendered page is 50–150 KB of text. */
const KEPT_ANSWERS_CHARS = 48_000_000;

/**
 * Whole page answers kept under their address and the market's version (decision 027): a hit costs
 * one single-row read and no render, no API call, no share-tag lookup. The version moves as any change
 * to what public pages show commits, on any node, so an answer is served only while everything it was
 * made from is unchanged; the day (UTC) is part of the key for what reads the date (a tax token's
 * month, the price hint's year of sales). Requests for one key while it is being made wait for that
 * one making instead of rendering it again each. `make` says whether its answer may be kept: not a
 * page that went out plain or without a part because something failed.
 */
export function answerKeeper(db: Db) {
  const kept = new LRUCache<string, PageAnswer>({
    maxSize: KEPT_ANSWERS_CHARS,
    sizeCalculation: (answer) => ("html" in answer ? answer.html.length : answer.location.length) + 64,
  });
  const making = new Map<string, Promise<PageAnswer>>();
  return async (
    url: string,
    make: () => Promise<{ answer: PageAnswer; keep: boolean }>,
  ): Promise<PageAnswer> => {
    let version: number;
    try {
      version = await readMarketVersion(db);
    } catch {
      // The database is in trouble: made afresh, the page falls back to the plain app by itself.
      return (await make()).answer;
    }
    const key = `${version}\n${new Date().toISOString().slice(0, 10)}\n${url}`;
    const hit = kept.get(key) ?? making.get(key);
    if (hit) return hit;
    const made = make().then(({ answer, keep }) => {
      if (keep) kept.set(key, answer);
      return answer;
    });
    making.set(key, made);
    try {
      return await made;
    } finally {
      making.delete(key);
    }
  };
}

/** The encodings a kept page is sent in, the client's preference first (as compression.ts's). */
const pageEncodings = new Negotiator({ supportedValues: ["br", "gzip"] });
const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

/** A kept answer's compressed bodies, made once per encoding, for as long as it is kept. */
const encodedBodies = new WeakMap<object, Map<string, Promise<Buffer>>>();

/**
 * `answer`'s HTML compressed in the encoding the request prefers, or null when it takes none. Made
 * once per kept answer and encoding, off the main thread (zlib's pool), at brotli's quality 9: a page
 * of ~300 KB (its stylesheet inside) compressed per request would cost every visit a few milliseconds
 * of the event loop, where a kept answer costs none.
 */
export function encodedPage(
  answer: { html: string },
  acceptEncoding: string | undefined,
): { encoding: string; body: Promise<Buffer> } | null {
  const encoding = acceptEncoding ? pageEncodings.negotiate(acceptEncoding) : null;
  if (!encoding) return null;
  let bodies = encodedBodies.get(answer);
  if (!bodies) {
    bodies = new Map();
    encodedBodies.set(answer, bodies);
  }
  let body = bodies.get(encoding);
  if (!body) {
    body =
      encoding === "br"
        ? brotli(answer.html, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 9 } })
        : gzip(answer.html, { level: 9 });
    bodies.set(encoding, body);
  }
  return { encoding, body };
}
