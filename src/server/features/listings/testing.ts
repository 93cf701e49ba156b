import type { FastifyInstance } from "fastify";
import { expect } from "vitest";
import { call } from "#server/test/app.ts";
import type { ListingsPage } from "#shared/schemas/listings.ts";

/** Helpers shared by the listing tests. */

export async function getPage(app: FastifyInstance, url: string, cookie?: string): Promise<ListingsPage> {
  const res = await call(app, { method: "GET", url, cookie });
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}

/** Every page of a list, following nextCursor; `between` runs after each page is fetched. */
export async function allPages(
  app: FastifyInstance,
  url: string,
  opts: { cookie?: string; between?: () => Promise<void> } = {},
): Promise<{ ids: string[]; pages: number }> {
  const ids: string[] = [];
  let cursor: string | null = null;
  let pages = 0;
  do {
    const sep = url.includes("?") ? "&" : "?";
    const page = await getPage(
      app,
      cursor ? `${url}${sep}cursor=${encodeURIComponent(cursor)}` : url,
      opts.cookie,
    );
    ids.push(...page.items.map((l) => l.id));
    cursor = page.nextCursor;
    pages++;
    expect(pages, "paging never ends").toBeLessThan(100);
    if (cursor) await opts.between?.();
  } while (cursor);
  return { ids, pages };
}
