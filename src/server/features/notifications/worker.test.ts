import type { AddressInfo } from "node:net";
import { eq, inArray } from "drizzle-orm";
import { SMTPServer } from "smtp-server";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { notifications, outbox } from "#server/db/schema.ts";
import { createMailer } from "#server/mail/mailer.ts";
import { call, createTestApp, expectProblem, type TestApp } from "#server/test/app.ts";
import { bookOrder, buildListing, signedInUser } from "#server/test/factories.ts";
import { type MailCatcher, startMailCatcher } from "#server/test/mail-catcher.ts";
import { TALK_MSG } from "#shared/talk-messages.ts";
import { notify } from "./service.ts";
import { backoffMs, drainOutbox } from "./worker.ts";

/** The notification outbox's worker against real SMTP servers: the mail catcher, and one that refuses. */
let catcher: MailCatcher;
let t: TestApp;
beforeAll(async () => {
  catcher = await startMailCatcher();
  t = await createTestApp(
    { SMTP_URL: catcher.url, PUBLIC_URL: "https://motohaat.example" },
    // The worker runs only when a test runs it.
    { outbox: { pollIntervalMs: null, maxAttempts: 3, retryBaseMs: 1000, leaseMs: 60_000, batch: 4 } },
  );
});
afterAll(async () => {
  await t.close();
  await catcher.close();
});

const deps = () => ({ db: t.app.db, mailer: t.app.mailer, config: t.app.config });

async function rowsOf(ids: number[]) {
  return t.app.db.select().from(outbox).where(inArray(outbox.notificationId, ids));
}

async function notifyMany(userId: string, n: number): Promise<number[]> {
  const ids: number[] = [];
  for (let i = 0; i < n; i++) {
    await t.app.db.transaction((tx) =>
      notify(tx, {
        userId,
        kind: "sellerVerified",
        data: { title: `Note ${i}`, body: "Body", link: "/dashboard" },
      }),
    );
  }
  const rows = await t.app.db
    .select({ id: notifications.id })
    .from(notifications)
    .where(eq(notifications.userId, userId));
  for (const r of rows) ids.push(r.id);
  return ids;
}

/** A buyer books the seller's bike (৳1,85,000, meeting at Mirpur 10); the seller's email, as sent. */
async function bookingEmail(
  seller: Awaited<ReturnType<typeof signedInUser>>,
  model: string,
  buyerName: string,
) {
  const listing = await buildListing(t.app, { sellerId: seller.user.id, model, askingPrice: 185_000 });
  const buyer = await signedInUser(t.app, { role: "buyer", name: buyerName });
  await bookOrder(t.app, buyer.cookie, listing.id, { meetingLocation: "Mirpur 10" });
  await drainOutbox(deps());
  const [mail] = await catcher.waitFor(seller.user.email);
  return { buyer, mail: mail! };
}

describe("the outbox worker", () => {
  it("sends each email exactly once while two workers race for the same rows", async () => {
    const { user } = await signedInUser(t.app, { role: "seller" });
    const ids = await notifyMany(user.id, 10);
    // Hold every message's final OK, so the first worker's sends are still in flight (their rows
    // claimed, leased) while the second one claims: it must find nothing of them.
    const release = catcher.hold();
    const a = drainOutbox({ ...deps(), mailer: createMailer(t.app.config.mail, t.app.log) });
    const b = drainOutbox({ ...deps(), mailer: createMailer(t.app.config.mail, t.app.log) });
    setTimeout(release, 300);
    const [ra, rb] = await Promise.all([a, b]);
    expect(ra.sent + rb.sent).toBe(10);
    const mails = await catcher.waitFor(user.email, 10);
    expect(mails).toHaveLength(10);
    expect(new Set(mails.map((m) => m.subject)).size).toBe(10);
    const rows = await rowsOf(ids);
    expect(rows.every((r) => r.status === "sent" && r.attempts === 1 && r.doneAt !== null)).toBe(true);
    // A third run finds nothing left to send.
    expect(await drainOutbox(deps())).toEqual({ sent: 0, skipped: 0, failed: 0, dead: 0 });
    expect(await catcher.waitFor(user.email)).toHaveLength(10);
  });

  it("stops claiming once told to stop (a node shutting down), after sending the batch it holds", async () => {
    const { user } = await signedInUser(t.app, { role: "seller" });
    const ids = await notifyMany(user.id, 10);
    const release = catcher.hold();
    const stopping = new AbortController();
    const run = drainOutbox(deps(), stopping.signal);
    // The first batch of 4 is claimed and on its way; the node is told to stop.
    await expect.poll(async () => (await rowsOf(ids)).filter((r) => r.attempts === 1).length).toBe(4);
    stopping.abort();
    release();
    expect(await run).toEqual({ sent: 4, skipped: 0, failed: 0, dead: 0 });
    const rows = await rowsOf(ids);
    expect(rows.filter((r) => r.status === "sent")).toHaveLength(4);
    // The other six were never claimed: no lease to run out, any node sends them at its next tick.
    expect(rows.filter((r) => r.status === "pending" && r.attempts === 0)).toHaveLength(6);
    expect(await drainOutbox(deps())).toMatchObject({ sent: 6 });
  });

  it("sends a booking's email with text and HTML, the bike, a link, a Message-ID and one-click unsubscribe", async () => {
    const seller = await signedInUser(t.app, { role: "seller", name: "Karim <b>Motors</b>" });
    const { buyer, mail } = await bookingEmail(seller, "Yamaha FZS V3", "Nadia <script>alert(1)</script>");
    expect(mail.subject).toBe(TALK_MSG.notification.bookedTitle("Yamaha FZS V3"));
    expect(mail.text).toContain("Yamaha FZS V3, ৳1,85,000");
    expect(mail.text).toContain("https://motohaat.example/dashboard/mybuyers");
    expect(mail.text).toContain("Nadia <script>alert(1)</script>");
    expect(mail.html).toContain("Nadia &lt;script&gt;alert(1)&lt;/script&gt;");
    expect(mail.html).not.toContain("<script>");
    expect(mail.html).toContain("Karim &lt;b&gt;Motors&lt;/b&gt;");
    expect(mail.html).toContain('href="https://motohaat.example/dashboard/mybuyers"');
    const raw = mail.raw.toString("utf8").replace(/\r\n\s+/g, " ");
    expect(raw).toMatch(/^Message-ID: <\d+\.email\.notification@motohaat\.example>$/m);
    expect(raw).toContain("List-Unsubscribe-Post: List-Unsubscribe=One-Click");
    const header = /^List-Unsubscribe: <([^>]+)>$/m.exec(raw)?.[1];
    expect(header).toMatch(/^https:\/\/motohaat\.example\/api\/notifications\/unsubscribe\?token=/);
    expect(mail.text).toContain("https://motohaat.example/unsubscribe?token=");

    // One click, as a mail provider makes it: a form POST, no Origin, no session.
    const url = new URL(header!);
    const res = await t.app.inject({
      method: "POST",
      url: `${url.pathname}${url.search}`,
      headers: { "content-type": "application/x-www-form-urlencoded" },
      payload: "List-Unsubscribe=One-Click",
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ kind: "bikeBooked" });
    const prefs = await call(t.app, {
      method: "GET",
      url: "/api/notifications/preferences",
      cookie: seller.cookie,
    });
    expect(prefs.json().email.bikeBooked).toBe(false);

    // The next booking's email is skipped; the bell still has it.
    const listing2 = await buildListing(t.app, { sellerId: seller.user.id });
    await bookOrder(t.app, buyer.cookie, listing2.id);
    expect(await drainOutbox(deps())).toMatchObject({ sent: 0, skipped: 1 });
    expect(await catcher.waitFor(seller.user.email)).toHaveLength(1);

    // A token altered in any part, or made up, is refused.
    const token = url.searchParams.get("token")!;
    const [userId, kind, sig] = token.split(".");
    for (const bad of [
      `${userId}.orderPaid.${sig}`,
      `${buyer.user.id}.${kind}.${sig}`,
      `${userId}.${kind}.${sig!.slice(0, -2)}AA`,
      "nonsense",
    ]) {
      expectProblem(
        await t.app.inject({
          method: "POST",
          url: `/api/notifications/unsubscribe?token=${encodeURIComponent(bad)}`,
        }),
        400,
        TALK_MSG.notification.badUnsubscribeLink,
      );
    }
  });

  it("sends the email in the language its recipient chose: Bangla words, digits, dates and html lang", async () => {
    const seller = await signedInUser(t.app, { role: "seller", name: "Karim Motors" });
    const chose = await call(t.app, {
      method: "PUT",
      url: "/api/language",
      cookie: seller.cookie,
      payload: { language: "bn" },
    });
    expect(chose.statusCode, chose.body).toBe(200);
    const { buyer, mail } = await bookingEmail(seller, "Pulsar N160", "Nadia Islam");
    expect(mail.subject).toBe("Pulsar N160 বুক হয়েছে");
    expect(mail.text).toContain("প্রিয় Karim Motors,");
    expect(mail.text).toContain("Pulsar N160, ৳১,৮৫,০০০");
    // "… will meet you at Mirpur 10. It is held for them until <a moment>", in Bangla, the moment too.
    expect(mail.text).toMatch(
      /Nadia Islam \(.+\) বাইকটি বুক করেছেন এবং আপনার সাথে Mirpur 10-এ দেখা করবেন। [০-৯]{2} [^\s,]+ [০-৯]{4}, [০-৯]{1,2}:[০-৯]{2} (AM|PM) পর্যন্ত/,
    );
    expect(mail.text).toContain("MotoHaat-এ খুলুন: https://motohaat.example/dashboard/mybuyers");
    expect(mail.text).toContain("এই ইমেইলটি পাচ্ছেন কারণ এই বিষয়ে ইমেইল চালু আছে: আমার কোনো বাইক বুক হলে।");
    expect(mail.html).toContain('<html lang="bn">');
    // The buyer made no choice: their own emails stay in English.
    expect(
      (await call(t.app, { method: "GET", url: "/api/auth/me", cookie: buyer.cookie })).json().user.language,
    ).toBeNull();
  });

  it("retries a refused email with growing waits, then parks it as dead for an admin, who may retry it", async () => {
    const refusing = new SMTPServer({
      authOptional: true,
      disabledCommands: ["STARTTLS"],
      logger: false,
      onRcptTo(_address, _session, callback) {
        callback(Object.assign(new Error("550 mailbox unavailable"), { responseCode: 550 }));
      },
    });
    await new Promise<void>((resolve) => refusing.listen(0, "127.0.0.1", resolve));
    const port = (refusing.server.address() as AddressInfo).port;
    const mailer = createMailer({ ...t.app.config.mail, smtpUrl: `smtp://127.0.0.1:${port}` }, t.app.log);
    try {
      const { user } = await signedInUser(t.app, { role: "seller" });
      const [id] = await notifyMany(user.id, 1);
      const attempt = async () => {
        await t.app.db.update(outbox).set({ runAt: new Date() }).where(eq(outbox.notificationId, id!));
        return drainOutbox({ ...deps(), mailer });
      };
      const first = await attempt();
      expect(first.failed).toBe(1);
      let [row] = await rowsOf([id!]);
      expect(row).toMatchObject({ status: "pending", attempts: 1 });
      expect(row!.lastError).toContain("550");
      // Back-off: a second after the first failure, then two, four…
      const wait = row!.runAt.getTime() - Date.now();
      expect(wait).toBeGreaterThan(0);
      expect(wait).toBeLessThanOrEqual(1000 + 500);
      expect(backoffMs(1000, 2)).toBe(2000);
      expect(backoffMs(1000, 30)).toBe(24 * 60 * 60 * 1000);
      // Not due: nothing is tried.
      expect(await drainOutbox({ ...deps(), mailer })).toMatchObject({ failed: 0, dead: 0 });

      expect((await attempt()).failed).toBe(1);
      expect((await attempt()).dead).toBe(1);
      [row] = await rowsOf([id!]);
      expect(row).toMatchObject({ status: "dead", attempts: 3 });
      // Dead stays dead.
      expect(await attempt()).toMatchObject({ failed: 0, dead: 0 });

      const admin = await signedInUser(t.app, { role: "admin" });
      const list = await call(t.app, { method: "GET", url: "/api/admin/outbox/dead", cookie: admin.cookie });
      expect(list.statusCode, list.body).toBe(200);
      const dead = list.json().items.find((d: { id: number }) => d.id === row!.id);
      expect(dead).toMatchObject({
        kind: "sellerVerified",
        title: "Note 0",
        attempts: 3,
        recipient: { id: user.id, email: user.email },
      });
      expect(dead.lastError).toContain("550");

      const retry = await call(t.app, {
        method: "POST",
        url: `/api/admin/outbox/${row!.id}/retry`,
        cookie: admin.cookie,
      });
      expect(retry.statusCode, retry.body).toBe(200);
      expectProblem(
        await call(t.app, {
          method: "POST",
          url: `/api/admin/outbox/${row!.id}/retry`,
          cookie: admin.cookie,
        }),
        404,
        TALK_MSG.notification.deadNotFound,
      );
      // Through the working server now: sent, with the same Message-ID as every try before.
      expect((await drainOutbox(deps())).sent).toBe(1);
      const [mail] = await catcher.waitFor(user.email);
      expect(mail!.raw.toString()).toContain(`Message-ID: <${id}.email.notification@motohaat.example>`);
    } finally {
      mailer.close();
      await new Promise<void>((resolve) => refusing.close(() => resolve()));
    }
  });
});
