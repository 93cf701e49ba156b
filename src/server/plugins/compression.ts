import compress from "@fastify/compress";
import type { FastifyInstance } from "fastify";
import fp from "fastify-plugin";

/** Smaller answers go as they are: under about a kilobyte, compressing saves no round trip and costs CPU. */
export const COMPRESS_THRESHOLD = 1024;

/**
 * On-the-fly compression, brotli or gzip as the client's Accept-Encoding prefers, of what the server
 * builds per request: API JSON and problem+json, the sitemaps, a details page's HTML. Files from disk
 * are served as built: the build wrote a `.br` and a `.gz` beside each text asset worth it
 * (vite.config.ts) and the static plugin picks one (web.ts); a file left without them (too small, an
 * image already WebP) goes as it is, since compressing it again on every request would spend CPU for
 * a few bytes. Register before any route: the rule is set per route as each registers.
 */
export const compressionPlugin = fp(async (app: FastifyInstance) => {
  // Runs before @fastify/compress's own onRoute hook, which reads `compress`: only @fastify/static
  // registers wildcard routes here (the built app, /images/*, the API docs' files).
  app.addHook("onRoute", (route) => {
    if (route.url.endsWith("*") && route.compress === undefined) route.compress = false;
  });
  await app.register(compress, {
    encodings: ["br", "gzip"],
    threshold: COMPRESS_THRESHOLD,
    // No client of ours sends a compressed body: request parsing stays exactly as it was.
    globalDecompression: false,
  });
});
