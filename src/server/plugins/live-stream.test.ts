import type { AddressInfo } from "node:net";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openDatabase } from "#server/db/client.ts";
import { notifications } from "#server/db/schema.ts";
import { notify } from "#server/features/notifications/service.ts";
import { createTestApp, freshPostgresUrl, type TestApp, testDbKind } from "#server/test/app.ts";
import { type EventStreamClient, openEventStream } from "#server/test/event-stream.ts";
import { signedInUser } from "#server/test/factories.ts";
import { MSG } from "#shared/messages.ts";
import { DRAIN_RETRY_MS } from "./live-stream.ts";

let t: TestApp;
let base: string;
const open: EventStreamClient[] = [];

beforeAll(async () => {
  t = await createTestApp();
  await t.app.listen({ host: "127.0.0.1", port: 0 });
  base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  for (const s of open) s.close();
  await t.close();
});

async function stream(cookie?: string, headers: Record<string, string> = {}) {
  const s = await openEventStream(`${base}/api/events`, { ...(cookie ? { cookie } : {}), ...headers });
  open.push(s);
  return s;
}

/** Writes a notification for `userId` the way an event does: in a transaction, committed or not. */
async function notifyIn(userId: string, title: string, commit = true) {
  await t.app.db
    .transaction(async (tx) => {
      await notify(tx, { userId, kind: "sellerVerified", data: { title, body: title, link: "/dashboard" } });
      if (!commit) tx.rollback();
    })
    .catch((err: unknown) => {
      if (commit) throw err;
    });
}

const titled = (title: string) => (e: { event: string; data: unknown }) =>
  e.event === "notification" && (e.data as { data: { title: string } }).data.title === title;

describe("the event stream", () => {
  it("answers 401 problem+json without a session, and 406 to a client that wants JSON", async () => {
    const anonymous = await stream();
    expect(anonymous.status).toBe(401);
    expect(anonymous.body).toMatchObject({ code: "auth.notSignedIn" });

    const { cookie } = await signedInUser(t.app);
    const json = await stream(cookie, { accept: "application/json" });
    expect(json.status).toBe(406);
    expect(json.body).toMatchObject({ code: "live.eventStreamOnly", detail: MSG.live.eventStreamOnly });
  });

  it("delivers a committed notification to its person's open tabs only, and nothing rolled back", async () => {
    const amina = await signedInUser(t.app, { name: "Amina" });
    const rafi = await signedInUser(t.app, { name: "Rafi" });
    const aminaTab1 = await stream(amina.cookie);
    const aminaTab2 = await stream(amina.cookie);
    const rafiTab = await stream(rafi.cookie);
    expect(aminaTab1.status).toBe(200);
    expect(aminaTab1.contentType).toContain("text/event-stream");
    for (const s of [aminaTab1, aminaTab2, rafiTab]) await s.next((e) => e.event === "ready");

    await notifyIn(amina.user.id, "never happened", false);
    await notifyIn(amina.user.id, "for Amina");
    await notifyIn(rafi.user.id, "for Rafi");

    // Each tab's first notification is its person's: the rolled-back one never came, nor the other's.
    const first1 = await aminaTab1.next((e) => e.event === "notification");
    const first2 = await aminaTab2.next((e) => e.event === "notification");
    expect(titled("for Amina")(first1)).toBe(true);
    expect(titled("for Amina")(first2)).toBe(true);
    expect(first1.id).toMatch(/^\d+$/);
    expect(titled("for Rafi")(await rafiTab.next((e) => e.event === "notification"))).toBe(true);
    expect([...aminaTab1.events, ...aminaTab2.events].some(titled("never happened"))).toBe(false);
    expect(rafiTab.events.some(titled("for Amina"))).toBe(false);
  });

  it("replays what came after Last-Event-ID on a reconnect, in order", async () => {
    const { user, cookie } = await signedInUser(t.app);
    const tab = await stream(cookie);
    await tab.next((e) => e.event === "ready");
    await notifyIn(user.id, "seen");
    const seen = await tab.next(titled("seen"));
    tab.close();

    // Away: two things happen while no tab is open.
    await notifyIn(user.id, "missed 1");
    await notifyIn(user.id, "missed 2");

    const back = await stream(cookie, { "last-event-id": seen.id! });
    await back.next((e) => e.event === "ready");
    const one = await back.next(titled("missed 1"));
    const two = await back.next(titled("missed 2"));
    expect(Number(two.id)).toBeGreaterThan(Number(one.id));
    // What was seen in the last seconds may come again (REPLAY_OVERLAP_SECONDS), under its own id:
    // the tab keeps one per id. Nothing else of before comes again.
    const older = back.events.filter((e) => e.event === "notification" && Number(e.id) <= Number(seen.id));
    expect(older.every((e) => e.id === seen.id)).toBe(true);
  });

  it("replays a row committed after a later id was sent: ids are given at insert, commits in any order", async () => {
    const { user, cookie } = await signedInUser(t.app);
    // A transaction takes its id first and commits last.
    const taken = (await t.app.db.execute(sql`select nextval('live_event_id')::int as id`)) as unknown as {
      rows: { id: number }[];
    };
    const early = taken.rows[0]!.id;
    const tab = await stream(cookie);
    await tab.next((e) => e.event === "ready");
    await notifyIn(user.id, "sent first");
    const sent = await tab.next(titled("sent first"));
    expect(Number(sent.id)).toBeGreaterThan(early);
    tab.close();
    await t.app.db.insert(notifications).values({
      id: early,
      userId: user.id,
      kind: "sellerVerified",
      data: { title: "committed late", body: "committed late", link: "/dashboard" },
    });

    const back = await stream(cookie, { "last-event-id": sent.id! });
    const late = await back.next(titled("committed late"));
    expect(Number(late.id)).toBe(early);
  });

  it("tells a tab to fetch everything again when its Last-Event-ID is not one of ours", async () => {
    const { cookie } = await signedInUser(t.app);
    const tab = await stream(cookie, { "last-event-id": "not-a-number" });
    await tab.next((e) => e.event === "ready");
    await tab.next((e) => e.event === "reset");
  });
});

describe("closing the app", () => {
  it("tells each open tab to reconnect soon, then ends its stream instead of waiting for it", async () => {
    const other = await createTestApp();
    await other.app.listen({ host: "127.0.0.1", port: 0 });
    const url = `http://127.0.0.1:${(other.app.server.address() as AddressInfo).port}/api/events`;
    const { cookie } = await signedInUser(other.app);
    const raw: string[] = [];
    const res = await fetch(url, { headers: { accept: "text/event-stream", cookie } });
    const reader = res.body!.pipeThrough(new TextDecoderStream()).getReader();
    const read = (async () => {
      for (;;) {
        const { value, done } = await reader.read();
        if (done) return raw.join("");
        raw.push(value);
      }
    })();
    await expect.poll(() => raw.join("")).toContain("event: ready");
    await other.close();
    // The stream ended (the read finished) after a `reconnect` event carrying the short retry.
    const text = await read;
    expect(text).toContain("event: reconnect\n");
    expect(text).toContain(`retry: ${DRAIN_RETRY_MS}\n`);
  });
});

async function listening(app: TestApp) {
  await app.app.listen({ host: "127.0.0.1", port: 0 });
  return `http://127.0.0.1:${(app.app.server.address() as AddressInfo).port}/api/events`;
}

// Several nodes share one PostgreSQL server; PGlite is one process's own database. Not registered
// at all on PGlite (CI refuses skipped tests).
if (testDbKind === "postgres") {
  describe("with several app nodes on one PostgreSQL", () => {
    it("a notification written through one node reaches the person's stream on another", async () => {
      const fresh = await freshPostgresUrl();
      const open = () => openDatabase({ url: fresh.url, dataDir: "" });
      const nodes = [await createTestApp({}, {}, open), await createTestApp({}, {}, open)] as const;
      try {
        const [writer, reader] = nodes;
        const { user, cookie } = await signedInUser(writer.app);
        const tab = await openEventStream(await listening(reader), { cookie });
        await tab.next((e) => e.event === "ready");
        await writer.app.db.transaction((tx) =>
          notify(tx, {
            userId: user.id,
            kind: "orderPaid",
            data: { title: "paid", body: "paid", link: "/" },
          }),
        );
        expect(titled("paid")(await tab.next((e) => e.event === "notification"))).toBe(true);
        tab.close();
      } finally {
        for (const node of nodes) await node.close();
        await fresh.drop();
      }
    });

    it("when its listening connection drops, a node reconnects and tells its tabs to fetch again", async () => {
      const { user, cookie } = await signedInUser(t.app);
      const tab = await stream(cookie);
      await tab.next((e) => e.event === "ready");
      // What a failover or a restart of PostgreSQL does to the node's LISTEN connection.
      const ended = (await t.app.db.execute(
        sql`select pg_terminate_backend(pid) as ended from pg_stat_activity
            where datname = current_database() and query ilike 'LISTEN%'`,
      )) as unknown as { rows: { ended: boolean }[] };
      expect(ended.rows.map((r) => r.ended)).toContain(true);
      await tab.next((e) => e.event === "reset");
      await notifyIn(user.id, "after the drop");
      await tab.next(titled("after the drop"));
    });
  });
}
