/**
 * The messaging run (issue 21, item 6): STREAMS open event streams on one app node and RATE messages
 * a second between their people, on PostgreSQL. Measures how long a message takes from the moment
 * its POST is sent to the moment each of its two people's streams has it (p50, p99; target p99 ≤
 * 500 ms), the node's memory per open stream, and that every message reached each stream exactly
 * once. The baseline, measured in the same run on the same database: a bare NOTIFY heard by a bare
 * LISTEN connection at the same rate, the floor any delivery through PostgreSQL stands on.
 *
 * The app runs as its own process (scripts/demo-server.ts), so its memory is its own; people,
 * bikes, sessions and conversations are written straight to the database beforehand (signing in a
 * thousand people would measure password hashing).
 */
import { randomBytes } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import sharp from "sharp";
import { openDatabase } from "#server/db/client.ts";
import { bikeModels, conversations, listings, users } from "#server/db/schema.ts";
import { createSession, sessionCookieName } from "#server/features/auth/sessions.ts";
import { createDiskFiles } from "#server/images/files.ts";
import { createImageStore, saveImage } from "#server/images/store.ts";
import { type EventStreamClient, openEventStream, type SseEvent } from "#server/test/event-stream.ts";
import { freePort } from "#server/test/free-port.ts";
import { createScratchDatabase } from "#server/test/scratch-database.ts";
import { startDemoServer } from "../scripts/demo-server.ts";

export const STREAMS = Number(process.env.BENCH_STREAMS ?? 1000);
export const RATE = Number(process.env.BENCH_MESSAGE_RATE ?? 50);
const SECONDS = Number(process.env.BENCH_MESSAGE_SECONDS ?? 20);
const P99_TARGET_MS = 500;
/** After the last send, how long the streams may take to receive the rest before it counts as lost. */
const DRAIN_MS = 5_000;

type Result = { missed: number };

function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return Number.NaN;
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
}

function rssKb(pid: number): number {
  const status = fs.readFileSync(`/proc/${pid}/status`, "utf8");
  return Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? Number.NaN);
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Sends `count` things at `rate` a second, each started on its own schedule (not after the last ended). */
async function atRate(count: number, rate: number, send: (i: number) => Promise<void>) {
  const started = performance.now();
  const running: Promise<void>[] = [];
  for (let i = 0; i < count; i++) {
    const due = started + (i * 1000) / rate;
    const wait = due - performance.now();
    if (wait > 0) await sleep(wait);
    running.push(send(i));
  }
  await Promise.all(running);
}

/** The floor: NOTIFY → LISTEN on the same server, at the same rate, as many as the app's run sends. */
async function notifyBaseline(url: string, count: number): Promise<number[]> {
  const listener = new pg.Client({ connectionString: url });
  const sender = new pg.Pool({ connectionString: url, max: 10 });
  await listener.connect();
  await listener.query("LISTEN bench_baseline");
  const sent = new Map<string, number>();
  const latencies: number[] = [];
  listener.on("notification", (msg) => {
    const at = sent.get(msg.payload ?? "");
    if (at !== undefined) latencies.push(performance.now() - at);
  });
  await atRate(count, RATE, async (i) => {
    sent.set(String(i), performance.now());
    await sender.query("select pg_notify('bench_baseline', $1)", [String(i)]);
  });
  await sleep(500);
  await listener.end();
  await sender.end();
  return latencies.sort((a, b) => a - b);
}

export async function messaging(): Promise<Result> {
  const serverUrl = process.env.BENCH_DATABASE_URL;
  if (!serverUrl) {
    console.log("\nmessaging: skipped (it measures PostgreSQL's LISTEN/NOTIFY: set BENCH_DATABASE_URL)");
    return { missed: 0 };
  }
  const pairs = Math.floor(STREAMS / 2);
  const total = RATE * SECONDS;
  const fresh = await createScratchDatabase(serverUrl, "motohaat_bench_msg");
  const database = await openDatabase({ url: fresh.url, dataDir: "" });
  const port = await freePort();
  const publicUrl = `http://127.0.0.1:${port}`;
  const secret = randomBytes(32).toString("hex");
  const server = await startDemoServer({
    host: "127.0.0.1",
    port,
    publicUrl,
    // No web build: the run speaks to the API only.
    webDir: path.join(os.tmpdir(), "motohaat-bench-no-web"),
    dataDirPrefix: "motohaat-bench-msg-",
    env: {
      NODE_ENV: "development",
      DATABASE_URL: fresh.url,
      SESSION_SECRET: secret,
      SEED_DEMO: "false",
      // The run is about delivery, not about the per-person limits (they are tested elsewhere).
      MESSAGES_PER_MINUTE: "1000000",
      CONVERSATIONS_PER_HOUR: "1000000",
    },
  });
  const streams: EventStreamClient[] = [];
  try {
    console.log(`\nmessaging: ${pairs * 2} people, ${pairs} conversations on PostgreSQL…`);
    const photo = await sharp({ create: { width: 320, height: 200, channels: 3, background: "#0ea5e9" } })
      .jpeg()
      .toBuffer();
    const { key } = await saveImage(
      database.db,
      createImageStore(createDiskFiles(path.join(server.dataDir, "images"))),
      photo,
    );
    const people = await database.db
      .insert(users)
      .values(
        Array.from({ length: pairs * 2 }, (_, i) => ({
          name: `Person ${i}`,
          email: `bench-${i}@example.com`,
          role: i < pairs ? ("buyer" as const) : ("seller" as const),
        })),
      )
      .returning({ id: users.id });
    const buyers = people.slice(0, pairs).map((p) => p.id);
    const sellers = people.slice(pairs).map((p) => p.id);
    await database.db
      .insert(bikeModels)
      .values({ key: "yamaha fz s v3", brandKey: "yamaha", brand: "Yamaha", model: "FZ-S V3" })
      .onConflictDoNothing();
    const bikes = await database.db
      .insert(listings)
      .values(
        sellers.map((sellerId, i) => ({
          sellerId,
          categorySlug: "commuter",
          model: `Bench ${i}`,
          brand: "Yamaha",
          modelKey: "yamaha fz s v3",
          engineCc: 150,
          brandNewPrice: 300_000,
          askingPrice: 200_000,
          totalUsed: "2 years",
          year: 2022,
          kmRun: 12_000,
          districtSlug: "dhaka",
          hasRegistration: true,
          photoKey: key,
        })),
      )
      .returning({ id: listings.id });
    const talks = await database.db
      .insert(conversations)
      .values(
        bikes.map((bike, i) => ({
          listingId: bike.id,
          bikeModel: `Yamaha Bench ${i}`,
          buyerId: buyers[i]!,
          sellerId: sellers[i]!,
        })),
      )
      .returning({ id: conversations.id });
    const cookieName = sessionCookieName(false);
    const cookies = new Map<string, string>();
    for (const id of [...buyers, ...sellers]) {
      const { token } = await createSession(database.db, secret, id);
      cookies.set(id, `${cookieName}=${token}`);
    }

    // Each message: when its POST was sent, and when each stream heard it (by its unique text).
    const sentAt = new Map<string, number>();
    const heard = new Map<string, number[]>();
    const expected = new Map<string, number>();
    const onEvent = (e: SseEvent) => {
      if (e.event !== "message") return;
      const at = performance.now();
      const text = (e.data as { body?: string }).body;
      if (!text) return;
      heard.set(text, [...(heard.get(text) ?? []), at]);
    };

    const before = rssKb(server.pid);
    for (const id of [...buyers, ...sellers]) {
      const s = await openEventStream(`${publicUrl}/api/events`, { cookie: cookies.get(id)! }, onEvent);
      if (s.status !== 200) throw new Error(`a stream answered ${s.status}: ${JSON.stringify(s.body)}`);
      streams.push(s);
    }
    await Promise.all(streams.map((s) => s.next((e) => e.event === "ready")));
    const after = rssKb(server.pid);

    // A second of messages first, not counted: the first requests of a fresh process compile code.
    const post = (pair: number, from: string, text: string) =>
      fetch(`${publicUrl}/api/conversations/${talks[pair]!.id}/messages`, {
        method: "POST",
        headers: { "content-type": "application/json", origin: publicUrl, cookie: cookies.get(from)! },
        body: JSON.stringify({ body: text }),
      });
    await atRate(RATE, RATE, async (i) => {
      await (await post(i % pairs, buyers[i % pairs]!, `warm-up ${i}`)).arrayBuffer();
    });
    await sleep(1000);

    let failed = 0;
    await atRate(total, RATE, async (i) => {
      const pair = i % pairs;
      const from = i % 2 === 0 ? buyers[pair]! : sellers[pair]!;
      const text = `bench message ${i} ${randomBytes(4).toString("hex")}`;
      sentAt.set(text, performance.now());
      expected.set(text, 2);
      const res = await post(pair, from, text);
      if (!res.ok) {
        failed++;
        if (failed <= 3) console.log(`  send failed: ${res.status} ${await res.text()}`);
      } else await res.arrayBuffer();
    });
    const drainUntil = performance.now() + DRAIN_MS;
    while (performance.now() < drainUntil) {
      if ([...expected.keys()].every((t) => (heard.get(t)?.length ?? 0) >= 2)) break;
      await sleep(100);
    }

    const latencies: number[] = [];
    let lost = 0;
    let duplicated = 0;
    for (const [text, want] of expected) {
      const times = heard.get(text) ?? [];
      if (times.length < want) lost += want - times.length;
      if (times.length > want) duplicated += times.length - want;
      for (const at of times.slice(0, want)) latencies.push(at - sentAt.get(text)!);
    }
    latencies.sort((a, b) => a - b);
    const floor = await notifyBaseline(fresh.url, total);

    const p50 = percentile(latencies, 50);
    const p99 = percentile(latencies, 99);
    const perStreamKb = (after - before) / streams.length;
    const ok = p99 <= P99_TARGET_MS && lost === 0 && duplicated === 0 && failed === 0;
    console.log(
      `messaging, postgres, ${streams.length} open streams, ${RATE} messages/s for ${SECONDS} s (${total} messages, ${total * 2} deliveries)`,
    );
    console.log(
      [
        "  delivery (POST sent → each stream has it)".padEnd(48),
        `p50 ${p50.toFixed(1)} ms`.padStart(14),
        `p99 ${p99.toFixed(1)} ms`.padStart(14),
        `(target ≤ ${P99_TARGET_MS})`.padStart(16),
        ok ? "" : "MISSED",
      ].join(""),
    );
    console.log(
      [
        "  baseline: bare NOTIFY → LISTEN".padEnd(48),
        `p50 ${percentile(floor, 50).toFixed(1)} ms`.padStart(14),
        `p99 ${percentile(floor, 99).toFixed(1)} ms`.padStart(14),
      ].join(""),
    );
    console.log(
      `  lost ${lost}, duplicated ${duplicated}, failed sends ${failed}; node memory ${Math.round(before / 1024)} → ${Math.round(after / 1024)} MB RSS, ${perStreamKb.toFixed(1)} KB per open stream`,
    );
    return { missed: ok ? 0 : 1 };
  } finally {
    for (const s of streams) s.close();
    await server.stop();
    await database.close();
    if (process.env.BENCH_KEEP_DATABASE !== "true") await fresh.drop();
  }
}
