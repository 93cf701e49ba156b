import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { listings, notifications, outbox } from "#server/db/schema.ts";
import { patchListing } from "#server/features/listings/testing.ts";
import { card, confirm, GOOD_CARD, openIntent } from "#server/features/payments/testing.ts";
import { call, expectProblem, setupTestApp } from "#server/test/app.ts";
import { bookOrder, buildListing, signedInUser } from "#server/test/factories.ts";
import { MSG } from "#shared/messages.ts";
import type { SavedPage } from "#shared/schemas/saved.ts";

const save = (app: Parameters<typeof call>[0], cookie: string | undefined, id: string) =>
  call(app, { method: "PUT", url: `/api/saved/${id}`, cookie });
const unsave = (app: Parameters<typeof call>[0], cookie: string | undefined, id: string) =>
  call(app, { method: "DELETE", url: `/api/saved/${id}`, cookie });

describe("saved bikes", () => {
  const t = setupTestApp();

  async function ids(cookie: string): Promise<string[]> {
    const res = await call(t.app, { method: "GET", url: "/api/saved/ids", cookie });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers["cache-control"]).toContain("no-store");
    return res.json().ids;
  }

  async function savedPage(cookie: string, query = ""): Promise<SavedPage> {
    const res = await call(t.app, { method: "GET", url: `/api/saved${query}`, cookie });
    expect(res.statusCode, res.body).toBe(200);
    return res.json();
  }

  it("saves and unsaves a bike; both are idempotent and the first price is kept", async () => {
    const { cookie } = await signedInUser(t.app, { role: "buyer" });
    const bike = await buildListing(t.app, { askingPrice: 150_000 });

    for (let i = 0; i < 2; i++) {
      const res = await save(t.app, cookie, bike.id);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toEqual({ saved: true });
    }
    expect(await ids(cookie)).toEqual([bike.id]);
    const page = await savedPage(cookie);
    expect(page.items).toHaveLength(1);
    expect(page.items[0]).toMatchObject({
      savedPrice: 150_000,
      listing: { id: bike.id, askingPrice: 150_000 },
    });

    for (let i = 0; i < 2; i++) {
      const res = await unsave(t.app, cookie, bike.id);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toEqual({ saved: false });
    }
    expect(await ids(cookie)).toEqual([]);
    expect((await savedPage(cookie)).items).toEqual([]);
  });

  it("is for buyers only: sellers and admins get 403, visitors 401", async () => {
    const bike = await buildListing(t.app);
    const seller = await signedInUser(t.app, { role: "seller" });
    const admin = await signedInUser(t.app, { role: "admin" });
    expectProblem(await save(t.app, seller.cookie, bike.id), 403, MSG.auth.forbidden);
    expectProblem(await save(t.app, admin.cookie, bike.id), 403, MSG.auth.forbidden);
    expectProblem(await save(t.app, undefined, bike.id), 401, MSG.auth.notSignedIn);
    expectProblem(
      await call(t.app, { method: "GET", url: "/api/saved", cookie: seller.cookie }),
      403,
      MSG.auth.forbidden,
    );
  });

  it("refuses an unknown, malformed or removed bike with 404", async () => {
    const { cookie } = await signedInUser(t.app, { role: "buyer" });
    expectProblem(
      await save(t.app, cookie, "00000000-0000-4000-8000-000000000000"),
      404,
      MSG.listing.notFound,
    );
    expectProblem(await save(t.app, cookie, "not-a-uuid"), 404, MSG.listing.notFound);
    const hidden = await buildListing(t.app, { hidden: true });
    expectProblem(await save(t.app, cookie, hidden.id), 404, MSG.listing.notFound);
  });

  it("lists newest saved first, in pages, each buyer their own; a removed bike drops out, a sold one stays", async () => {
    const { cookie } = await signedInUser(t.app, { role: "buyer" });
    const other = await signedInUser(t.app, { role: "buyer" });
    const bikes = [];
    for (let i = 0; i < 3; i++) {
      const bike = await buildListing(t.app);
      bikes.push(bike);
      expect((await save(t.app, cookie, bike.id)).statusCode).toBe(200);
    }
    await save(t.app, other.cookie, bikes[0]!.id);

    const first = await savedPage(cookie, "?limit=2");
    expect(first.items.map((i) => i.listing.id)).toEqual([bikes[2]!.id, bikes[1]!.id]);
    const second = await savedPage(cookie, `?limit=2&cursor=${first.nextCursor}`);
    expect(second.items.map((i) => i.listing.id)).toEqual([bikes[0]!.id]);
    expect(second.nextCursor).toBeNull();
    expect(await ids(other.cookie)).toEqual([bikes[0]!.id]);

    // Booked by someone: it reads sold (Stock Out) and stays; hidden by an admin: it leaves.
    const booker = await signedInUser(t.app, { role: "buyer" });
    await bookOrder(t.app, booker.cookie, bikes[1]!.id);
    await t.app.db.update(listings).set({ hidden: true }).where(eq(listings.id, bikes[2]!.id));
    const after = await savedPage(cookie);
    expect(after.items.map((i) => [i.listing.id, i.listing.status])).toEqual([
      [bikes[1]!.id, "sold"],
      [bikes[0]!.id, "available"],
    ]);
  });

  it("a price drop shows against the saved price and notifies every saver, in the edit's transaction", async () => {
    const seller = await signedInUser(t.app, { role: "seller" });
    const bike = await buildListing(t.app, {
      sellerId: seller.user.id,
      askingPrice: 180_000,
      model: "Yamaha FZ",
    });
    const a = await signedInUser(t.app, { role: "buyer" });
    const b = await signedInUser(t.app, { role: "buyer" });
    const bystander = await signedInUser(t.app, { role: "buyer" });
    await save(t.app, a.cookie, bike.id);
    await save(t.app, b.cookie, bike.id);

    const drops = () =>
      t.app.db
        .select({ userId: notifications.userId, data: notifications.data, id: notifications.id })
        .from(notifications)
        .where(and(eq(notifications.kind, "savedPriceDrop")));

    // A rise, or an edit of something else, tells nobody.
    expect((await patchListing(t.app, seller.cookie, bike.id, { askingPrice: 185_000 })).statusCode).toBe(
      200,
    );
    expect((await patchListing(t.app, seller.cookie, bike.id, { kmRun: 20_000 })).statusCode).toBe(200);
    expect(await drops()).toEqual([]);

    const res = await patchListing(t.app, seller.cookie, bike.id, { askingPrice: 170_000 });
    expect(res.statusCode, res.body).toBe(200);
    const rows = await drops();
    expect(rows.map((r) => r.userId).sort()).toEqual([a.user.id, b.user.id].sort());
    expect(rows.map((r) => r.userId)).not.toContain(bystander.user.id);
    expect(rows[0]!.data).toEqual({
      title: MSG.saved.priceDropTitle("Yamaha FZ"),
      body: MSG.saved.priceDropBody("৳1,85,000", "৳1,70,000"),
      link: `/products/productdetails/${bike.id}`,
      bike: { model: "Yamaha FZ", price: 170_000 },
    });
    // Each one's email is queued in the same transaction (the outbox).
    const queued = await t.app.db.select().from(outbox).where(eq(outbox.notificationId, rows[0]!.id));
    expect(queued).toHaveLength(1);

    const page = await savedPage(a.cookie);
    expect(page.items[0]).toMatchObject({ savedPrice: 180_000, listing: { askingPrice: 170_000 } });

    // Through the API too: the saver's bell has it.
    const bell = await call(t.app, { method: "GET", url: "/api/notifications", cookie: a.cookie });
    expect(bell.json().items.map((n: { kind: string }) => n.kind)).toContain("savedPriceDrop");
  });

  it("a refused edit (the bike was booked) writes no price-drop notice", async () => {
    const seller = await signedInUser(t.app, { role: "seller" });
    const bike = await buildListing(t.app, { sellerId: seller.user.id, askingPrice: 160_000 });
    const saver = await signedInUser(t.app, { role: "buyer" });
    await save(t.app, saver.cookie, bike.id);
    const booker = await signedInUser(t.app, { role: "buyer" });
    await bookOrder(t.app, booker.cookie, bike.id);
    expectProblem(
      await patchListing(t.app, seller.cookie, bike.id, { askingPrice: 100_000 }),
      409,
      MSG.listing.soldCannotEdit,
    );
    const rows = await t.app.db.select().from(notifications).where(eq(notifications.userId, saver.user.id));
    expect(rows).toEqual([]);
  });
});

describe("a saved bike is sold", () => {
  const t = setupTestApp();

  /** The kinds and titles of what the person's bell holds, through the API. */
  async function bell(cookie: string) {
    const res = await call(t.app, { method: "GET", url: "/api/notifications", cookie });
    expect(res.statusCode, res.body).toBe(200);
    return (res.json().items as { kind: string; data: { title: string; link: string } }[]).map((n) => ({
      kind: n.kind,
      title: n.data.title,
      link: n.data.link,
    }));
  }

  it("everyone who saved it, but its buyer, hears once it is paid by card", async () => {
    const bike = await buildListing(t.app, { askingPrice: 150_000, model: "Pulsar N160" });
    const saver = await signedInUser(t.app, { role: "buyer" });
    const buyer = await signedInUser(t.app, { role: "buyer" });
    for (const who of [saver, buyer]) expect((await save(t.app, who.cookie, bike.id)).statusCode).toBe(200);
    const order = await bookOrder(t.app, buyer.cookie, bike.id);
    // Booked is not sold yet: the hold may still end unpaid.
    expect((await bell(saver.cookie)).filter((n) => n.kind === "savedSold")).toEqual([]);

    const intent = await openIntent(t.app, buyer.cookie, order.id);
    expect((await confirm(t.app, buyer.cookie, intent, { card: card(GOOD_CARD) })).statusCode).toBe(200);

    const sold = (await bell(saver.cookie)).filter((n) => n.kind === "savedSold");
    expect(sold).toEqual([
      {
        kind: "savedSold",
        title: MSG.saved.soldTitle(bike.model),
        link: `/products/productdetails/${bike.id}`,
      },
    ]);
    expect((await bell(buyer.cookie)).some((n) => n.kind === "savedSold")).toBe(false);
  });

  it("and once the buyer confirms paying the seller in cash", async () => {
    const seller = await signedInUser(t.app, { role: "seller" });
    const bike = await buildListing(t.app, { sellerId: seller.user.id, askingPrice: 120_000 });
    const saver = await signedInUser(t.app, { role: "buyer" });
    const buyer = await signedInUser(t.app, { role: "buyer" });
    expect((await save(t.app, saver.cookie, bike.id)).statusCode).toBe(200);
    const order = await bookOrder(t.app, buyer.cookie, bike.id);
    const marked = await call(t.app, {
      method: "POST",
      url: `/api/orders/${order.id}/cash`,
      cookie: seller.cookie,
    });
    expect(marked.statusCode, marked.body).toBe(204);
    expect((await bell(saver.cookie)).some((n) => n.kind === "savedSold")).toBe(false);
    const confirmed = await call(t.app, {
      method: "POST",
      url: `/api/orders/${order.id}/cash/confirm`,
      cookie: buyer.cookie,
    });
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    expect((await bell(saver.cookie)).filter((n) => n.kind === "savedSold")).toHaveLength(1);
  });
});
