import fs from "node:fs";
import path from "node:path";
import fastifyStatic from "@fastify/static";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import fp from "fastify-plugin";
import { IMAGE_CACHE_CONTROL, IMAGE_CONTENT_TYPE, type ImageFiles } from "#server/images/files.ts";
import { IMAGE_FILE_NAME, IMAGE_URL_PREFIX } from "#server/images/store.ts";
import { answersIn, requestLocale } from "#server/lib/i18n.ts";
import bn from "#shared/i18n/bn.json" with { type: "json" };
import { DEFAULT_LOCALE, type Locale } from "#shared/i18n/locales.ts";
import { problem } from "./errors.ts";
import { robotsRoutes } from "./robots.ts";
import {
  answerKeeper,
  encodedPage,
  loadRenderer,
  type PageAnswer,
  SERVER_RENDERED_ROUTES,
  SSR_DIR,
} from "./server-render.ts";
import {
  categoryFirstPhoto,
  detailsListingId,
  escapeHtml,
  listingShareTags,
  withPhotoPreload,
  withShareTags,
} from "./share-tags.ts";
import { sitemapRoutes } from "./sitemap.ts";

/**
 * Static files: processed images (immutable, content-hashed) and the built SPA (its `.br`/`.gz`
 * copies by Accept-Encoding). Other GETs outside /api and /images get the SPA's index.html: a public
 * page rendered into it on the server (server-render.ts) with its own status (404 for the not-found
 * page), a dashboard page as the plain app; a bike's details page also carries the bike's share tags
 * in its <head> (share-tags.ts). Also /robots.txt and the sitemaps (robots.ts, sitemap.ts).
 */
/**
 * The few words of index.html's static shell (painted before the app runs), by the catalogue's key of
 * the same words in the app (src/web/texts/): its tab title and description, the logo's link, the
 * loading placeholder.
 */
const SHELL_WORDS: { at: RegExp; key: string }[] = [
  { at: /(<title>)[^<]*(<\/title>)/, key: "browsePages.head.defaultTitle" },
  { at: /(<meta name="description" content=")[^"]*(")/, key: "browsePages.head.defaultDescription" },
  { at: /(<a href="\/" [^>]*aria-label=")[^"]*(")/, key: "shell.homeLink" },
  { at: /(role="status" aria-label=")[^"]*(")/, key: "browsePages.common.loading" },
];
const catalogues: Record<Exclude<Locale, "en">, Record<string, string>> = { bn };

/**
 * index.html saying its language: the app starts in it (src/web/main.tsx), and so do screen readers;
 * in another language than English its shell's words are that language's too.
 */
function inLanguage(html: string, locale: Locale): string {
  const out = html.replace(/<html lang="[^"]*"/, () => `<html lang="${locale}"`);
  if (locale === "en") return out;
  const catalogue = catalogues[locale];
  return SHELL_WORDS.reduce((page, { at, key }) => {
    const words = catalogue[key];
    return words
      ? page.replace(at, (_m, before: string, after: string) => `${before}${escapeHtml(words)}${after}`)
      : page;
  }, out);
}

export const webPlugin = fp(async (app: FastifyInstance, opts: { images: ImageFiles; webDist: string }) => {
  const { images } = opts;
  if ("dir" in images && typeof images.dir === "string") {
    fs.mkdirSync(images.dir, { recursive: true });
    await app.register(fastifyStatic, {
      root: images.dir,
      prefix: IMAGE_URL_PREFIX,
      decorateReply: false,
      immutable: true,
      maxAge: "365d",
      index: false,
      list: false,
    });
  } else {
    // A bucket (decision 029): every node streams the photo from it, with the same immutable caching.
    app.get<{ Params: { name: string } }>(`${IMAGE_URL_PREFIX}:name`, async (request, reply) => {
      const { name } = request.params;
      const body = IMAGE_FILE_NAME.test(name) ? await images.read(name) : null;
      if (!body) return reply.callNotFound();
      return reply.type(IMAGE_CONTENT_TYPE).header("cache-control", IMAGE_CACHE_CONTROL).send(body);
    });
  }

  // Built by the server, so there with or without a built web app.
  await app.register(robotsRoutes);
  await app.register(sitemapRoutes);

  const indexHtml = path.join(opts.webDist, "index.html");
  const hasWeb = fs.existsSync(indexHtml);
  if (hasWeb) {
    await app.register(fastifyStatic, {
      root: opts.webDist,
      prefix: "/",
      wildcard: true,
      // "/" is a page of its own (below), never the static plugin's index.html.
      index: false,
      // The server's renderer, built beside the app (vite.config.ts), is not for browsers.
      allowedPath: (pathName) => !pathName.startsWith(`/${SSR_DIR}/`),
      // The build's `.br`/`.gz` beside a file (vite.config.ts), by Accept-Encoding, with
      // `Vary: accept-encoding`; also for reply.sendFile (the index.html fallback below).
      preCompressed: true,
      setHeaders(res, filePath) {
        const hashed = filePath.includes(`${path.sep}assets${path.sep}`);
        res.header("cache-control", hashed ? "public, max-age=31536000, immutable" : "no-cache");
      },
    });
  }

  const renderer = hasWeb ? await loadRenderer(opts.webDist) : null;
  // Rendered pages' whole answers, kept while the market is unchanged (decision 027).
  const keepAnswer = renderer ? answerKeeper(app.db) : null;

  /**
   * index.html made for one request: `build` adds what this page's HTML should carry, from a lookup
   * that may fail — a failure is logged and the plain app goes out, so a shared link never answers
   * 500. A public page is then rendered into it (server-render.ts), with its status; the same for
   * everyone, signed in or not, and kept whole while nothing public has changed (decision 027).
   * Revalidated like the file itself (never cached as immutable), and compressed by the request's
   * Accept-Encoding — a kept answer once per encoding (`encodedPage`), any other on the fly
   * (compression.ts) — which caches must therefore key on even when this answer went plain.
   */
  async function sendBuiltPage(
    request: FastifyRequest,
    reply: FastifyReply,
    what: string,
    build: () => Promise<((html: string) => string) | null>,
  ) {
    // Rendered in the request's language (issue 25): the same address, its words the reader's.
    const locale = requestLocale(request);
    const answer = keepAnswer
      ? await keepAnswer(`${locale}\n${request.url}`, () => buildPage(request, what, build, locale))
      : (await buildPage(request, what, build, locale)).answer;
    if ("location" in answer) return reply.redirect(answer.location, answer.status);
    return sendHtml(request, reply, answer, locale, Boolean(keepAnswer));
  }

  /**
   * A page's HTML in `locale`, revalidated like the file itself (never cached as immutable). A kept
   * answer goes compressed as it was the first time (compression.ts leaves an encoded body be); any
   * other is compressed on the fly where the route allows.
   */
  async function sendHtml(
    request: FastifyRequest,
    reply: FastifyReply,
    answer: { status: number; html: string },
    locale: Locale,
    kept: boolean,
  ) {
    reply.code(answer.status).header("cache-control", "no-cache").header("vary", "accept-encoding");
    answersIn(reply, locale).type("text/html; charset=utf-8");
    const encoded = kept && encodedPage(answer, request.headers["accept-encoding"]);
    if (!encoded) return reply.send(answer.html);
    return reply.header("content-encoding", encoded.encoding).send(await encoded.body);
  }

  /** The plain app (index.html) in each language, kept with its compressed bodies while the file is the same. */
  const plainApps = new Map<Locale, { status: number; html: string }>();

  /** A page the browser renders itself (the dashboard, signing in), told its language by `<html lang>`. */
  async function sendPlainApp(request: FastifyRequest, reply: FastifyReply) {
    const locale = requestLocale(request);
    const html = inLanguage(await fs.promises.readFile(indexHtml, "utf8"), locale);
    let answer = plainApps.get(locale);
    if (answer?.html !== html) {
      answer = { status: 200, html };
      plainApps.set(locale, answer);
    }
    return sendHtml(request, reply, answer, locale, true);
  }

  /** The page's answer, made afresh; kept only when every part of it was made (nothing fell back). */
  async function buildPage(
    request: FastifyRequest,
    what: string,
    build: () => Promise<((html: string) => string) | null>,
    locale: Locale,
  ): Promise<{ answer: PageAnswer; keep: boolean }> {
    let keep = true;
    let edit: ((html: string) => string) | null = null;
    try {
      edit = await build();
    } catch (err) {
      request.log.error({ err }, `${what} failed; serving the plain app`);
      keep = false;
    }
    let html = inLanguage(await fs.promises.readFile(indexHtml, "utf8"), locale);
    let status = 200;
    if (renderer) {
      const page = await renderer.renderPage(app, request, locale);
      if (page?.kind === "redirect")
        return { answer: { status: page.status, location: page.location }, keep };
      if (page) {
        html = page.into(html);
        status = page.status;
      } else keep = false;
    }
    // After the page's own head: a shared bike's title and description are the share tags' (with the price).
    if (edit) html = edit(html);
    return { answer: { status, html }, keep };
  }

  const sendPage = (request: FastifyRequest, reply: FastifyReply) =>
    sendBuiltPage(request, reply, "the page", async () => null);

  /** A bike's details page: index.html with the bike's share tags (the price may change: per request). */
  const sendDetailsPage = (request: FastifyRequest, reply: FastifyReply, listingId: string) =>
    sendBuiltPage(request, reply, "share tags of a listing", async () => {
      const tags = await listingShareTags(app.db, listingId, app.config.publicUrl);
      // A rendered page has the photo's <img> itself: a preload beside it would be fetched as well.
      // A Bangla page's title and description are its render's (the share tags' are English).
      const keepHead = Boolean(renderer) && requestLocale(request) !== DEFAULT_LOCALE;
      return tags && ((html) => withShareTags(html, tags, { preload: !renderer, keepHead }));
    });

  /**
   * A category page: index.html asking for the first card's photo (the page's largest paint on a
   * phone) with the page instead of after its code and data. A rendered page has the card itself,
   * whose <img> the browser finds as early, and picks its size for the screen it is laid out on: a
   * preload read before the phone's viewport applies fetched the largest variant too.
   */
  const sendCategoryPage = (request: FastifyRequest<{ Params: { category: string } }>, reply: FastifyReply) =>
    sendBuiltPage(request, reply, "the first photo of a category", async () => {
      if (renderer) return null;
      const photo = await categoryFirstPhoto(
        app.db,
        request.params.category,
        request.query as Record<string, unknown>,
      );
      return photo && ((html) => withPhotoPreload(html, photo));
    });

  if (hasWeb) {
    app.get<{ Params: { category: string } }>(
      "/products/:category",
      { schema: { hide: true } },
      sendCategoryPage,
    );
    // Routes of their own, unlike unknown addresses, so that this HTML built per request is compressed on
    // the fly like an API answer (compression.ts); the trailing-slash spelling still comes through the
    // not-found handler below, uncompressed.
    app.get<{ Params: { id: string } }>(
      "/products/productdetails/:id",
      { schema: { hide: true } },
      (request, reply) => sendDetailsPage(request, reply, request.params.id),
    );
    for (const url of SERVER_RENDERED_ROUTES) app.get(url, { schema: { hide: true } }, sendPage);
  }

  app.setNotFoundHandler((request, reply) => {
    const url = request.url;
    const isSpaPath =
      hasWeb &&
      (request.method === "GET" || request.method === "HEAD") &&
      !url.startsWith("/api/") &&
      url !== "/api" &&
      !url.startsWith(IMAGE_URL_PREFIX);
    if (isSpaPath) {
      const pathname = url.split("?")[0]!;
      const listingId = detailsListingId(pathname);
      if (listingId) return sendDetailsPage(request, reply, listingId);
      if (renderer?.isPublicPath(pathname)) return sendPage(request, reply);
      return sendPlainApp(request, reply);
    }
    return reply
      .code(404)
      .type("application/problem+json")
      .send(problem(404, `Nothing at ${request.method} ${url.split("?")[0]}.`, undefined, "route.notFound"));
  });
});
