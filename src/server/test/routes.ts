import type { RouteOptions } from "fastify";

type RegisteredRoute = { key: string; method: string; route: RouteOptions };

/**
 * Every route buildApp registers, for tests that must cover them all: pass `onRoute` to
 * createTestApp. It keeps a copy, as Fastify reuses the options of "/prefix" for its "/prefix/"
 * twin and changes their url.
 */
export function recordRoutes() {
  const registered: RouteOptions[] = [];
  return {
    onRoute: (route: RouteOptions) => {
      registered.push({ ...route });
    },
    /** "METHOD /url" of each route, HEAD twins of GETs folded in (Fastify makes them, they answer alike). */
    keys(): RegisteredRoute[] {
      const all = registered.flatMap((route) =>
        [route.method].flat().map((method) => ({ key: `${method} ${route.url}`, method, route })),
      );
      const keys = new Set(all.map((r) => r.key));
      return all.filter((r) => !(r.method === "HEAD" && keys.has(`GET ${r.route.url}`)));
    },
  };
}
