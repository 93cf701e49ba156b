import type { FastifyInstance } from "fastify";

/**
 * `/robots.txt`: public pages are open to crawlers; dashboards, account forms and the API are not,
 * except the public reads the public pages render from. A crawler that runs the app (Googlebot does)
 * and may not fetch them sees the pages' skeletons and error banner instead of the bikes; for a
 * crawler the longest matching rule wins, so those Allow lines beat `Disallow: /api/`. `/signin?`
 * keeps the sign-in page itself but not its copies that only differ by `?from=…`.
 */
export function robotsTxt(publicUrl: URL): string {
  return [
    "User-agent: *",
    "Allow: /",
    "Disallow: /dashboard",
    "Disallow: /signin?",
    "Disallow: /signup",
    "Disallow: /reset-password",
    "Disallow: /api/",
    "Allow: /api/auth/me",
    "Allow: /api/categories",
    "Allow: /api/listings",
    "Allow: /api/sellers/",
    "",
    `Sitemap: ${new URL("/sitemap.xml", publicUrl).href}`,
    "",
  ].join("\n");
}

export async function robotsRoutes(app: FastifyInstance) {
  const body = robotsTxt(app.config.publicUrl);
  app.get("/robots.txt", { schema: { hide: true } }, async (_request, reply) =>
    reply.header("cache-control", "public, max-age=3600").type("text/plain; charset=utf-8").send(body),
  );
}
