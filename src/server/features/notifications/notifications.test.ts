import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { emailOptOuts, notifications, orders, outbox, users } from "#server/db/schema.ts";
import { passHold } from "#server/features/orders/testing.ts";
import { card, confirm, openIntent } from "#server/features/payments/testing.ts";
import { createMailer } from "#server/mail/mailer.ts";
import { call, createTestApp, expectProblem, type TestApp } from "#server/test/app.ts";
import { bookOrder, buildListing, signedInUser } from "#server/test/factories.ts";
import { sweepExpiredHolds } from "#server/workflows/hold-endings.ts";
import { sweepHoldReminders } from "#server/workflows/hold-reminders.ts";
import { MSG } from "#shared/messages.ts";
import type { NotificationsPage } from "#shared/schemas/notifications.ts";
import { TALK_MSG } from "#shared/talk-messages.ts";
import { notify } from "./service.ts";
import { drainOutbox } from "./worker.ts";

let t: TestApp;
beforeAll(async () => {
  // The worker stays off: each test runs it when it wants it (worker.test.ts sends for real).
  t = await createTestApp(
    {},
    { outbox: { pollIntervalMs: null, maxAttempts: 3, retryBaseMs: 1000, leaseMs: 60_000, batch: 10 } },
  );
});
afterAll(() => t.close());

async function feed(cookie: string): Promise<NotificationsPage> {
  const res = await call(t.app, { method: "GET", url: "/api/notifications", cookie });
  expect(res.statusCode, res.body).toBe(200);
  expect(res.headers["cache-control"]).toBe("private, no-store");
  return res.json();
}

const outboxOf = (userId: string) =>
  t.app.db
    .select({ id: outbox.id, status: outbox.status, runAt: outbox.runAt, kind: notifications.kind })
    .from(outbox)
    .innerJoin(notifications, eq(notifications.id, outbox.notificationId))
    .where(eq(notifications.userId, userId));

const message = (userId: string, link: string) => ({
  userId,
  kind: "messageReceived" as const,
  data: { title: "Nadia wrote about Yamaha FZS V3", body: "Are the papers clear?", link },
});

async function sellerWithBike() {
  const seller = await signedInUser(t.app, { role: "seller", name: "Karim Motors" });
  const listing = await buildListing(t.app, {
    sellerId: seller.user.id,
    model: "Yamaha FZS V3",
    askingPrice: 185_000,
  });
  return { seller, listing };
}

describe("notifications of a booking", () => {
  it("tells the seller who booked, their phone, the meeting place and the deadline, in the bell and by email", async () => {
    const { seller, listing } = await sellerWithBike();
    const buyer = await signedInUser(t.app, { role: "buyer", name: "Nadia Buyer" });
    const order = await bookOrder(t.app, buyer.cookie, listing.id, {
      phone: "01712-345678",
      meetingLocation: "Mirpur 10",
    });

    const page = await feed(seller.cookie);
    expect(page.unread).toBe(1);
    expect(page.items).toHaveLength(1);
    const [n] = page.items;
    expect(n).toMatchObject({ kind: "bikeBooked", read: false });
    expect(n!.data).toMatchObject({
      title: TALK_MSG.notification.bookedTitle("Yamaha FZS V3"),
      link: "/dashboard/mybuyers",
      bike: { model: "Yamaha FZS V3", price: 185_000 },
    });
    expect(n!.data.body).toContain("Nadia Buyer (01712-345678)");
    expect(n!.data.body).toContain("Mirpur 10");
    expect(order.holdUntil).toBeTruthy();
    expect(await outboxOf(seller.user.id)).toMatchObject([{ status: "pending", kind: "bikeBooked" }]);
    // The buyer is told nothing of their own booking.
    expect((await feed(buyer.cookie)).items).toEqual([]);
  });

  it("writes nothing when the booking is refused: the notification rolls back with its event", async () => {
    const { seller, listing } = await sellerWithBike();
    const buyer = await signedInUser(t.app, { role: "buyer" });
    const res = await call(t.app, {
      method: "POST",
      url: "/api/orders",
      cookie: buyer.cookie,
      payload: {
        listingId: listing.id,
        phone: "01711-000000",
        meetingLocation: "Gulshan 1",
        expectedPrice: 1,
      },
    });
    expectProblem(res, 409, MSG.order.priceChanged);
    expect((await feed(seller.cookie)).items).toEqual([]);
    expect(await outboxOf(seller.user.id)).toEqual([]);
  });

  it("a notification written in a transaction that fails is gone with it", async () => {
    const { user } = await signedInUser(t.app);
    await expect(
      t.app.db.transaction(async (tx) => {
        await notify(tx, {
          userId: user.id,
          kind: "sellerVerified",
          data: { title: "x", body: "y", link: "/" },
        });
        throw new Error("the event failed");
      }),
    ).rejects.toThrow("the event failed");
    expect(await t.app.db.select().from(notifications).where(eq(notifications.userId, user.id))).toEqual([]);
    expect(await outboxOf(user.id)).toEqual([]);
  });

  it("tells the buyer six hours before the hold runs out, once, and not after a cash mark", async () => {
    const { listing } = await sellerWithBike();
    const buyer = await signedInUser(t.app, { role: "buyer" });
    const order = await bookOrder(t.app, buyer.cookie, listing.id);
    // Not yet: 48 hours left. (Nor ever for a hold of six hours or less: its deadline was just said.)
    await sweepHoldReminders(t.app.db);
    expect((await feed(buyer.cookie)).items).toEqual([]);
    await t.app.db
      .update(orders)
      .set({ holdUntil: sql`now() + interval '5 hours'`, createdAt: sql`now() - interval '43 hours'` })
      .where(eq(orders.id, order.id));
    expect(await sweepHoldReminders(t.app.db)).toBeGreaterThanOrEqual(1);
    expect(await sweepHoldReminders(t.app.db)).toBe(0);
    const items = (await feed(buyer.cookie)).items;
    expect(items).toHaveLength(1);
    expect(items[0]!.data).toMatchObject({
      title: TALK_MSG.notification.holdEndingSoonTitle("Yamaha FZS V3"),
      link: `/dashboard/payment/${order.id}`,
    });

    const other = await signedInUser(t.app, { role: "buyer" });
    const { listing: bike2 } = await sellerWithBike();
    const marked = await bookOrder(t.app, other.cookie, bike2.id);
    await t.app.db
      .update(orders)
      .set({
        holdUntil: sql`now() + interval '5 hours'`,
        createdAt: sql`now() - interval '43 hours'`,
        cashMarkedAt: sql`now()`,
      })
      .where(eq(orders.id, marked.id));
    await sweepHoldReminders(t.app.db);
    expect((await feed(other.cookie)).items).toEqual([]);
  });

  it("tells the seller when a hold runs out unpaid, and when the buyer cancels", async () => {
    const { seller, listing } = await sellerWithBike();
    const buyer = await signedInUser(t.app, { role: "buyer" });
    const order = await bookOrder(t.app, buyer.cookie, listing.id);
    await passHold(t.app, order.id);
    await sweepExpiredHolds(t.app.db);
    const ended = (await feed(seller.cookie)).items[0];
    expect(ended).toMatchObject({ kind: "holdEnded", data: { body: TALK_MSG.notification.holdEndedBody } });

    const again = await bookOrder(t.app, buyer.cookie, listing.id);
    const res = await call(t.app, {
      method: "POST",
      url: `/api/orders/${again.id}/cancel`,
      cookie: buyer.cookie,
    });
    expect(res.statusCode, res.body).toBe(200);
    const cancelled = (await feed(seller.cookie)).items[0];
    expect(cancelled).toMatchObject({
      kind: "holdEnded",
      data: { body: TALK_MSG.notification.holdCancelledBody },
    });
  });

  it("tells buyer and seller when the order is paid", async () => {
    const { seller, listing } = await sellerWithBike();
    const buyer = await signedInUser(t.app, { role: "buyer", name: "Nadia Buyer" });
    const order = await bookOrder(t.app, buyer.cookie, listing.id);
    const intent = await openIntent(t.app, buyer.cookie, order.id);
    const res = await confirm(t.app, buyer.cookie, intent, { card: card("4242 4242 4242 4242") });
    expect(res.statusCode, res.body).toBe(200);
    expect((await feed(buyer.cookie)).items[0]).toMatchObject({
      kind: "orderPaid",
      data: {
        title: TALK_MSG.notification.paidBuyerTitle("Yamaha FZS V3"),
        link: `/dashboard/payment/${order.id}`,
      },
    });
    // The seller hears of the payment, and (having no payout details yet) where to be paid (issue 23).
    expect((await feed(seller.cookie)).items.map((n: { kind: string }) => n.kind)).toEqual([
      "payoutDetailsNeeded",
      "orderPaid",
      "bikeBooked",
    ]);
    expect((await feed(seller.cookie)).items[1]).toMatchObject({
      kind: "orderPaid",
      data: { body: TALK_MSG.notification.paidSellerBody("Nadia Buyer", "৳1,85,000") },
    });
  });
});

describe("notifications from admins", () => {
  it("tells a seller once when verified, and when an admin removes their listing", async () => {
    const admin = await signedInUser(t.app, { role: "admin" });
    const { seller, listing } = await sellerWithBike();
    for (let i = 0; i < 2; i++) {
      const res = await call(t.app, {
        method: "POST",
        url: `/api/admin/sellers/${seller.user.id}/verify`,
        cookie: admin.cookie,
      });
      expect(res.statusCode, res.body).toBe(200);
    }
    const verified = (await feed(seller.cookie)).items;
    expect(verified).toHaveLength(1);
    expect(verified[0]).toMatchObject({
      kind: "sellerVerified",
      data: { title: TALK_MSG.notification.verifiedTitle },
    });

    const res = await call(t.app, {
      method: "DELETE",
      url: `/api/admin/listings/${listing.id}`,
      cookie: admin.cookie,
    });
    expect(res.statusCode, res.body).toBeLessThan(300);
    expect((await feed(seller.cookie)).items[0]).toMatchObject({
      kind: "listingRemoved",
      data: { title: TALK_MSG.notification.removedTitle("Yamaha FZS V3"), bike: { price: 185_000 } },
    });
  });
});

describe("the bell", () => {
  it("pages newest first, counts unread, and marks read up to an id or all", async () => {
    const { user, cookie } = await signedInUser(t.app);
    for (let i = 1; i <= 5; i++) {
      await t.app.db.transaction((tx) =>
        notify(tx, {
          userId: user.id,
          kind: "sellerVerified",
          data: { title: `n${i}`, body: "b", link: "/" },
          email: false,
        }),
      );
    }
    const first = (
      await call(t.app, { method: "GET", url: "/api/notifications?limit=2", cookie })
    ).json() as NotificationsPage;
    expect(first.items.map((n) => n.data.title)).toEqual(["n5", "n4"]);
    expect(first.unread).toBe(5);
    const second = (
      await call(t.app, {
        method: "GET",
        url: `/api/notifications?limit=2&cursor=${first.nextCursor}`,
        cookie,
      })
    ).json() as NotificationsPage;
    expect(second.items.map((n) => n.data.title)).toEqual(["n3", "n2"]);
    expectProblem(await call(t.app, { method: "GET", url: "/api/notifications?cursor=abc", cookie }), 400);

    const upTo = second.items[0]!.id;
    const read = await call(t.app, {
      method: "POST",
      url: "/api/notifications/read",
      cookie,
      payload: { upTo },
    });
    expect(read.json()).toEqual({ unread: 2 });
    const count = await call(t.app, { method: "GET", url: "/api/notifications/unread-count", cookie });
    expect(count.json()).toEqual({ unread: 2 });
    await call(t.app, { method: "POST", url: "/api/notifications/read", cookie, payload: {} });
    expect((await feed(cookie)).unread).toBe(0);
    // `email: false` queued nothing.
    expect(await outboxOf(user.id)).toEqual([]);
  });

  it("shows each person only their own", async () => {
    const a = await signedInUser(t.app);
    const b = await signedInUser(t.app);
    await t.app.db.transaction((tx) =>
      notify(tx, {
        userId: a.user.id,
        kind: "sellerVerified",
        data: { title: "for a", body: "b", link: "/" },
      }),
    );
    expect((await feed(b.cookie)).items).toEqual([]);
    await call(t.app, { method: "POST", url: "/api/notifications/read", cookie: b.cookie, payload: {} });
    expect((await feed(a.cookie)).unread).toBe(1);
  });
});

describe("emails of messages", () => {
  it("queue at most one email per conversation per 15 minutes, a minute after the message", async () => {
    const { user } = await signedInUser(t.app, { role: "seller" });
    for (let i = 0; i < 3; i++)
      await t.app.db.transaction((tx) => notify(tx, message(user.id, "/dashboard/messages/c1")));
    await t.app.db.transaction((tx) => notify(tx, message(user.id, "/dashboard/messages/c2")));
    const rows = await outboxOf(user.id);
    expect(rows).toHaveLength(2);
    const [row] = await t.app.db
      .select({ late: sql<boolean>`${outbox.runAt} > now() + interval '30 seconds'` })
      .from(outbox)
      .where(eq(outbox.id, rows[0]!.id));
    expect(row?.late).toBe(true);
    // In the bell, every message.
    expect(await t.app.db.select().from(notifications).where(eq(notifications.userId, user.id))).toHaveLength(
      4,
    );
  });
});

describe("email preferences", () => {
  it("lists every kind on, switches one off and on again", async () => {
    const { cookie } = await signedInUser(t.app);
    const before = await call(t.app, { method: "GET", url: "/api/notifications/preferences", cookie });
    expect(before.json().email.bikeBooked).toBe(true);
    expect(Object.values(before.json().email).every(Boolean)).toBe(true);
    const off = await call(t.app, {
      method: "PUT",
      url: "/api/notifications/preferences",
      cookie,
      payload: { email: { bikeBooked: false } },
    });
    expect(off.statusCode, off.body).toBe(200);
    expect(off.json().email).toMatchObject({ bikeBooked: false, orderPaid: true });
    const on = await call(t.app, {
      method: "PUT",
      url: "/api/notifications/preferences",
      cookie,
      payload: { email: { bikeBooked: true } },
    });
    expect(on.json().email.bikeBooked).toBe(true);
    expectProblem(
      await call(t.app, {
        method: "PUT",
        url: "/api/notifications/preferences",
        cookie,
        payload: { email: { nonsense: false } },
      }),
      400,
    );
  });

  it("an email switched off is skipped, never sent", async () => {
    const { seller, listing } = await sellerWithBike();
    await t.app.db.insert(emailOptOuts).values({ userId: seller.user.id, kind: "bikeBooked" });
    const buyer = await signedInUser(t.app, { role: "buyer" });
    await bookOrder(t.app, buyer.cookie, listing.id);
    const sent: string[] = [];
    const mailer = { send: async (m: { to: string }) => void sent.push(m.to), close() {} };
    await drainOutbox({ db: t.app.db, mailer, config: t.app.config });
    expect(sent).not.toContain(seller.user.email);
    expect(await outboxOf(seller.user.id)).toMatchObject([{ status: "skipped" }]);
    // Still in the bell.
    expect((await feed(seller.cookie)).unread).toBe(1);
  });

  it("a message read in the app before its email goes is skipped; so is a deleted account's", async () => {
    const { user } = await signedInUser(t.app);
    await t.app.db.transaction((tx) =>
      notify(tx, { ...message(user.id, "/dashboard/messages/c9"), emailDelaySeconds: 0 }),
    );
    await t.app.db.update(notifications).set({ readAt: new Date() }).where(eq(notifications.userId, user.id));
    const gone = await signedInUser(t.app);
    await t.app.db.transaction((tx) =>
      notify(tx, {
        userId: gone.user.id,
        kind: "sellerVerified",
        data: { title: "x", body: "y", link: "/" },
      }),
    );
    await t.app.db
      .update(users)
      .set({ email: sql`${users.id}::text || '@deleted.invalid'` })
      .where(eq(users.id, gone.user.id));
    const sent: string[] = [];
    await drainOutbox({
      db: t.app.db,
      mailer: { send: async (m) => void sent.push(m.to), close() {} },
      config: t.app.config,
    });
    expect(await outboxOf(user.id)).toMatchObject([{ status: "skipped" }]);
    expect(await outboxOf(gone.user.id)).toMatchObject([{ status: "skipped" }]);
    expect(sent.filter((to) => to.endsWith("deleted.invalid") || to === user.email)).toEqual([]);
  });
});

describe("a mailer with extra headers", () => {
  it("still writes to DATA_DIR/outbox without SMTP_URL", async () => {
    const mailer = createMailer(t.app.config.mail, t.app.log);
    await mailer.send({
      to: "x@example.com",
      subject: "s",
      text: "t",
      html: "<p>t</p>",
      messageId: "<1.email.notification@localhost>",
      headers: { "List-Unsubscribe": "<http://localhost/u>" },
    });
    mailer.close();
    const fs = await import("node:fs/promises");
    const files = await fs.readdir(t.app.config.mail.outboxDir);
    const raw = await fs.readFile(`${t.app.config.mail.outboxDir}/${files.at(-1)}`, "utf8");
    expect(raw).toContain("Message-ID: <1.email.notification@localhost>");
    expect(raw).toContain("List-Unsubscribe: <http://localhost/u>");
  });
});
