import { eq } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { describe, expect, it } from "vitest";
import { listings } from "#server/db/schema.ts";
import { call, expectProblem, setupTestApp } from "#server/test/app.ts";
import { bookOrder, buildListing, signedInUser } from "#server/test/factories.ts";
import { removeListing } from "#server/workflows/listing-removal.ts";
import { MSG } from "#shared/messages.ts";
import { patchListing } from "./testing.ts";

/** `target`, and everything its methods return, with `then` running `first` before it: a query built
 * now reaches the database only after `first` is done. */
function deferred<T extends object>(target: T, first: () => Promise<void>): T {
  return new Proxy(target, {
    get(t, prop) {
      const value = Reflect.get(t, prop, t) as unknown;
      if (prop === "then") {
        return (ok: (v: unknown) => unknown, fail: (e: unknown) => unknown) =>
          first().then(() => (t as PromiseLike<unknown>).then(ok, fail));
      }
      if (typeof value !== "function") return value;
      return (...args: unknown[]) => {
        const result = (value as (...a: unknown[]) => unknown).apply(t, args);
        return result !== null && typeof result === "object" ? deferred(result, first) : result;
      };
    },
  });
}

/**
 * Runs `meanwhile` once, after the request's ownership check and just before its next write of a
 * listing (`db.update`, `db.delete` or the edit's `db.transaction`) reaches the database.
 */
function beforeNextListingWrite(
  app: FastifyInstance,
  method: "update" | "delete" | "transaction",
  meanwhile: () => Promise<void>,
): () => void {
  const db = app.db as unknown as Record<string, (...args: unknown[]) => unknown>;
  const original = db[method]!;
  const restore = () => {
    db[method] = original;
  };
  db[method] = (...args: unknown[]) => {
    if (method === "transaction") {
      restore();
      return meanwhile().then(() => original.apply(app.db, args));
    }
    const builder = original.apply(app.db, args) as object;
    if (args[0] !== listings) return builder;
    restore();
    return deferred(builder, meanwhile);
  };
  return restore;
}

describe("a listing removed by an admin while its seller changes it", () => {
  const t = setupTestApp();

  /** A seller's listing, and the moment a buyer books it and an admin removes it (hidden: it has an order). */
  async function setup() {
    const seller = await signedInUser(t.app, { role: "seller" });
    const buyer = await signedInUser(t.app, { role: "buyer" });
    const listing = await buildListing(t.app, { sellerId: seller.user.id, askingPrice: 150_000 });
    const bookedAndRemoved = async () => {
      await bookOrder(t.app, buyer.cookie, listing.id);
      await removeListing(t.app.db, listing.id);
    };
    return { seller, listing, bookedAndRemoved };
  }

  async function row(id: string) {
    const [found] = await t.app.db.select().from(listings).where(eq(listings.id, id));
    return found;
  }

  const changes = [
    [
      "an edit",
      "transaction",
      (cookie: string, id: string) => patchListing(t.app, cookie, id, { askingPrice: 1000 }),
    ],
    [
      "advertising",
      "update",
      (cookie: string, id: string) =>
        call(t.app, { method: "POST", url: `/api/listings/${id}/advertise`, cookie }),
    ],
    [
      "deleting",
      "delete",
      (cookie: string, id: string) => call(t.app, { method: "DELETE", url: `/api/listings/${id}`, cookie }),
    ],
  ] as const;

  it.each(changes)(
    "%s: 404 as for any removed listing (not 409 'sold'), nothing changed",
    async (_name, method, send) => {
      const { seller, listing, bookedAndRemoved } = await setup();
      const restore = beforeNextListingWrite(t.app, method, bookedAndRemoved);
      try {
        expectProblem(await send(seller.cookie, listing.id), 404, MSG.listing.notFound);
      } finally {
        restore();
      }
      // Removed while held: hidden, and the hold released with it (the buyer cannot pay for a removed
      // bike), so its status is no longer sold; nothing the seller sent was written.
      expect(await row(listing.id)).toMatchObject({
        hidden: true,
        status: "available",
        advertised: false,
        askingPrice: 150_000,
      });
    },
  );
});
