/**
 * Issue 24, item 3: a steady mixed load through the proxy while (1) each node in turn is taken out of
 * nginx, told SIGTERM, drains and starts again, and then (2) one node is killed with SIGKILL. Prints
 * the counts and returns whether they hold: during the rolling restart no request failed; after both,
 * no acknowledged write is missing, every notification's email went out (none lost, and none twice
 * but for the ones the killed node had claimed, sent again by another under the same Message-ID),
 * and the holds that fell due after the kill were ended by the nodes still running.
 *
 * The load is what buyers do: read the list, the home page, bike pages and photos, their messages
 * and notifications (80 %), and write: book a bike (its seller is emailed at once), cancel it, write
 * to a seller (20 %). Each request opens its own connection, as many phones would.
 */
import http from "node:http";
import pg from "pg";
import sharp from "sharp";
import { messageIdOf } from "../../src/server/features/notifications/email.ts";
import type { AppNode, Cluster } from "./cluster.ts";

const BUYERS = 6;
/** Each buyer's pause between two requests: about 6 × 1000 / 40 = 150 requests a second in all. */
const PAUSE_MS = 40;

type Answer = { status: number; body: string; headers: http.IncomingHttpHeaders };

function request(
  base: string,
  method: string,
  path: string,
  options: { cookie?: string; json?: unknown; form?: { body: Buffer; type: string } } = {},
): Promise<Answer> {
  const url = new URL(path, base);
  const body =
    options.form?.body ??
    (options.json === undefined ? undefined : Buffer.from(JSON.stringify(options.json)));
  return new Promise((resolve, reject) => {
    const req = http.request(
      url,
      {
        method,
        agent: false,
        headers: {
          accept: "application/json, text/html",
          ...(options.cookie ? { cookie: options.cookie } : {}),
          ...(method === "GET" ? {} : { origin: base }),
          ...(body
            ? { "content-type": options.form?.type ?? "application/json", "content-length": body.length }
            : {}),
        },
        timeout: 30_000,
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on("data", (c: Buffer) => chunks.push(c));
        res.on("end", () =>
          resolve({
            status: res.statusCode ?? 0,
            body: Buffer.concat(chunks).toString("utf8"),
            headers: res.headers,
          }),
        );
        res.on("error", reject);
      },
    );
    req.on("timeout", () => req.destroy(new Error("timed out")));
    req.on("error", reject);
    req.end(body);
  });
}

function multipart(fields: Record<string, string>, photo: Buffer) {
  const boundary = `----motohaat${Math.random().toString(16).slice(2)}`;
  const parts: Buffer[] = [];
  for (const [name, value] of Object.entries(fields)) {
    parts.push(
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`),
    );
  }
  parts.push(
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="photo"; filename="me.jpg"\r\nContent-Type: image/jpeg\r\n\r\n`,
    ),
    photo,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  );
  return { body: Buffer.concat(parts), type: `multipart/form-data; boundary=${boundary}` };
}

type Buyer = { email: string; cookie: string; id: string; listings: string[]; held?: string; next: number };

/**
 * A tab's event stream, as a browser's EventSource keeps it: reconnects when it ends, after the
 * `retry` it was last told, sending Last-Event-ID so that the node answering replays what it missed.
 * Keeps the ids of the messages it heard of.
 */
class Tab {
  heard = new Set<number>();
  told = 0;
  reconnects = 0;
  private lastId = "";
  private retryMs = 3000;
  private req: http.ClientRequest | undefined;
  private open = true;

  constructor(
    private readonly base: string,
    private readonly cookie: string,
  ) {
    this.connect();
  }

  private connect() {
    if (!this.open) return;
    let ended = false;
    const again = () => {
      if (ended) return;
      ended = true;
      this.req = undefined;
      if (!this.open) return;
      this.reconnects++;
      setTimeout(() => this.connect(), this.retryMs);
    };
    this.req = http.get(
      new URL("/api/events", this.base),
      {
        agent: false,
        headers: {
          accept: "text/event-stream",
          cookie: this.cookie,
          ...(this.lastId ? { "last-event-id": this.lastId } : {}),
        },
      },
      (res) => {
        if (res.statusCode !== 200) {
          res.resume();
          res.on("close", again);
          return;
        }
        let buffer = "";
        res.setEncoding("utf8");
        res.on("data", (chunk: string) => {
          buffer += chunk;
          for (let end = buffer.indexOf("\n\n"); end !== -1; end = buffer.indexOf("\n\n")) {
            this.onBlock(buffer.slice(0, end));
            buffer = buffer.slice(end + 2);
          }
        });
        // Ended by the node (told to reconnect), or cut (a node killed): either way, again.
        res.on("close", again);
        res.on("error", () => {});
      },
    );
    this.req.on("error", again);
  }

  private onBlock(block: string) {
    let event = "";
    let data = "";
    for (const line of block.split("\n")) {
      const colon = line.indexOf(":");
      if (colon <= 0) continue;
      const [field, value] = [line.slice(0, colon), line.slice(colon + 1).trimStart()];
      if (field === "event") event = value;
      else if (field === "data") data += value;
      else if (field === "id") this.lastId = value;
      else if (field === "retry") this.retryMs = Number(value);
    }
    if (event === "reconnect") this.told++;
    if (event === "message" && data) this.heard.add((JSON.parse(data) as { id: number }).id);
  }

  close() {
    this.open = false;
    this.req?.destroy();
  }
}

class Load {
  phase = "warm-up";
  /** While set, buyers neither book nor cancel (the kill -9 phase sets its own holds). */
  bookingPaused = false;
  bookingInFlight = 0;
  running = true;
  counts = new Map<string, { requests: number; failed: number }>();
  failures: string[] = [];
  ackedOrders: string[] = [];
  ackedCancels: string[] = [];
  ackedMessages: number[] = [];
  /** Each buyer's acknowledged messages, which their tab must hear of. */
  mine = new Map<Buyer, number[]>();
  images: string[] = [];
  listings: string[] = [];

  constructor(readonly base: string) {}

  private count(failed: boolean, what: string) {
    const c = this.counts.get(this.phase) ?? { requests: 0, failed: 0 };
    c.requests++;
    if (failed) {
      c.failed++;
      if (this.failures.length < 30) this.failures.push(`${this.phase}: ${what}`);
    }
    this.counts.set(this.phase, c);
  }

  /** One request of the load: failed when it could not be made or the server answered 5xx. */
  async call(method: string, path: string, options: Parameters<typeof request>[3] = {}) {
    try {
      const res = await request(this.base, method, path, options);
      this.count(res.status >= 500, `${method} ${path} → ${res.status} ${res.body.slice(0, 120)}`);
      return res;
    } catch (err) {
      this.count(true, `${method} ${path} → ${(err as Error).message}`);
      return undefined;
    }
  }

  total() {
    let requests = 0;
    for (const c of this.counts.values()) requests += c.requests;
    return requests;
  }

  async buyer(b: Buyer) {
    while (this.running) {
      const r = Math.random();
      if (r < 0.08 && !this.bookingPaused) {
        this.bookingInFlight++;
        // Book the buyer's next bike, or cancel the one they hold (the bike goes back on sale).
        if (b.held) await this.cancel(b);
        else await this.book(b);
        this.bookingInFlight--;
      } else if (r < 0.2) {
        const listing = b.listings[b.next++ % b.listings.length]!;
        const res = await this.call("POST", `/api/listings/${listing}/conversation`, {
          cookie: b.cookie,
          json: { body: `Is it still available? (${this.phase}, ${Date.now()})` },
        });
        if (res?.status === 201) {
          const id = (JSON.parse(res.body) as { message: { id: number } }).message.id;
          this.ackedMessages.push(id);
          this.mine.set(b, [...(this.mine.get(b) ?? []), id]);
        }
      } else {
        const reads = [
          "/api/listings?limit=20",
          "/",
          `/products/productdetails/${this.listings[Math.floor(Math.random() * this.listings.length)]}`,
          this.images[Math.floor(Math.random() * this.images.length)]!,
          "/api/conversations",
          "/api/notifications",
        ];
        const path = reads[Math.floor(Math.random() * reads.length)]!;
        await this.call("GET", path, path.startsWith("/api/") ? { cookie: b.cookie } : {});
      }
      await new Promise((resolve) => setTimeout(resolve, PAUSE_MS));
    }
  }

  async cancel(b: Buyer) {
    const res = await this.call("POST", `/api/orders/${b.held}/cancel`, { cookie: b.cookie, json: {} });
    const order =
      res?.status === 200 ? (JSON.parse(res.body) as { order: { status: string } }).order : undefined;
    if (order?.status === "cancelled") this.ackedCancels.push(b.held!);
    if (order) b.held = undefined;
  }

  async book(b: Buyer) {
    const listing = b.listings[b.next++ % b.listings.length]!;
    const res = await this.call("POST", "/api/orders", {
      cookie: b.cookie,
      json: { listingId: listing, phone: "01712-345678", meetingLocation: "Banani 11, Dhaka" },
    });
    if (res?.status === 201) {
      b.held = (JSON.parse(res.body) as { order: { id: string } }).order.id;
      this.ackedOrders.push(b.held);
    }
  }
}

async function until(what: string, check: () => Promise<boolean> | boolean, withinMs = 60_000) {
  const deadline = Date.now() + withinMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`${what}: not within ${withinMs / 1000} s`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

export async function runLoad(cluster: Cluster): Promise<boolean> {
  const load = new Load(cluster.url);
  const db = new pg.Client({ connectionString: cluster.databaseUrl });
  await db.connect();
  const started = (await db.query<{ now: Date }>("select now()")).rows[0]!.now;
  const out: string[] = [];
  const problems: string[] = [];
  try {
    // The demo bikes, shared out among the buyers so that two never book the same one.
    const list = JSON.parse((await request(cluster.url, "GET", "/api/listings?limit=100")).body) as {
      items: { id: string; photo: { src: string } | null }[];
    };
    load.listings = list.items.map((l) => l.id);
    load.images = list.items.flatMap((l) => (l.photo ? [l.photo.src] : []));
    const photo = await sharp({ create: { width: 96, height: 96, channels: 3, background: "#b45309" } })
      .jpeg()
      .toBuffer();
    const buyers: Buyer[] = [];
    for (let i = 0; i < BUYERS; i++) {
      const email = `load-${Date.now()}-${i}@motohaat.test`;
      const res = await request(cluster.url, "POST", "/api/auth/signup", {
        form: multipart(
          { name: `Load Buyer ${i}`, email, role: "buyer", password: "Load!Buyer-2026-strong" },
          photo,
        ),
      });
      if (res.status !== 201) throw new Error(`signing up a buyer: ${res.status} ${res.body}`);
      const cookie = (res.headers["set-cookie"] ?? []).map((c) => c.split(";")[0]).join("; ");
      const me = JSON.parse((await request(cluster.url, "GET", "/api/auth/me", { cookie })).body) as {
        user: { id: string };
      };
      buyers.push({
        email,
        cookie,
        id: me.user.id,
        listings: load.listings.filter((_, j) => j % BUYERS === i),
        next: 0,
      });
    }
    // Each buyer has a tab open: its event stream is told of each message the buyer writes.
    const tabs = new Map(buyers.map((b) => [b, new Tab(cluster.url, b.cookie)]));
    const workers = buyers.map((b) => load.buyer(b));
    await until("the load's warm-up", () => load.total() >= 100);

    // 1. The rolling restart: out of nginx, SIGTERM (drain), start, ready, back in.
    load.phase = "rolling restart";
    const exitCodes: string[] = [];
    for (const node of cluster.nodes) {
      const before = load.total();
      await cluster.setDown([node]);
      exitCodes.push(`${node.name} ${await node.stop()}`);
      await node.start();
      await cluster.setDown([]);
      await until(`requests after ${node.name}'s restart`, () => load.total() >= before + 60);
    }
    out.push(`rolling restart: exit codes ${exitCodes.join(", ")}`);
    if (!exitCodes.every((c) => c.endsWith(" 0"))) problems.push("a node did not exit cleanly on SIGTERM");
    // A node told SIGTERM finished its sends and recorded them: no email's claim ran out to be taken
    // (and sent) again by another node.
    const reclaimedInRestart = (
      await db.query<{ n: number }>(
        "select count(*)::int as n from outbox where created_at >= $1 and attempts > 1",
        [started],
      )
    ).rows[0]!.n;
    out.push(`rolling restart: ${reclaimedInRestart} emails claimed twice`);
    if (reclaimedInRestart > 0) problems.push("an email was claimed again after a node's SIGTERM");

    // 2. kill -9 of one node, while mail is held so that every node's worker has emails in hand.
    load.phase = "kill -9";
    load.bookingPaused = true;
    await until("bookings in flight", () => load.bookingInFlight === 0);
    // Fresh bookings while mail is held: their sellers' emails are claimed and stuck in sending.
    const releaseMail = cluster.mail.hold();
    for (const b of buyers) {
      if (b.held) await load.cancel(b);
      if (!b.held) await load.book(b);
    }
    await until("emails claimed by the workers", async () => {
      const { rows } = await db.query<{ n: number }>(
        "select count(*)::int as n from outbox where status = 'pending' and attempts > 0 and run_at > now()",
      );
      return rows[0]!.n >= cluster.nodes.length;
    });
    const victim: AppNode = cluster.nodes[1]!;
    await victim.kill();
    // Their time is up now: the nodes still running must end them (SWEEP_INTERVAL_SECONDS).
    const dueHolds = (
      await db.query<{ id: string }>(
        "update orders set hold_until = now() where id = any($1) and status = 'held' returning id",
        [buyers.flatMap((b) => (b.held ? [b.held] : []))],
      )
    ).rows.map((r) => r.id);
    for (const b of buyers) b.held = undefined;
    releaseMail();
    await until("the due holds ended by the other nodes", async () => {
      const { rows } = await db.query<{ n: number }>(
        "select count(*)::int as n from orders where id = any($1) and status = 'held'",
        [dueHolds],
      );
      return rows[0]!.n === 0;
    });
    const before = load.total();
    await until("requests after the kill", () => load.total() >= before + 100);
    load.running = false;
    await Promise.all(workers);
    await victim.start();

    // Every tab heard of every message its buyer wrote: live, or replayed after a reconnect.
    const unheard = () =>
      buyers.reduce(
        (n, b) => n + (load.mine.get(b) ?? []).filter((id) => !tabs.get(b)!.heard.has(id)).length,
        0,
      );
    await until("every message heard by its tab", () => unheard() === 0, 30_000).catch(() => {});
    const tabList = [...tabs.values()];
    out.push(
      `event streams: ${tabList.length} tabs, ${tabList.reduce((n, t) => n + t.told, 0)} told to reconnect, ${tabList.reduce((n, t) => n + t.reconnects, 0)} reconnects, ${unheard()} messages not heard of`,
    );
    if (unheard() > 0) problems.push("a tab missed a message");
    if (tabList.reduce((n, t) => n + t.told, 0) === 0)
      problems.push("no tab was told to reconnect by a draining node");
    for (const tab of tabList) tab.close();

    // Every email due by now (a message's waits a minute: those are left out) has been sent.
    await until(
      "the outbox emptied",
      async () => {
        const { rows } = await db.query<{ n: number }>(
          `select count(*)::int as n from outbox o join notifications n on n.id = o.notification_id
           where o.created_at >= $1 and n.kind <> 'messageReceived' and o.status = 'pending'`,
          [started],
        );
        return rows[0]!.n === 0;
      },
      90_000,
    );

    // The counts.
    for (const [phase, c] of load.counts) {
      out.push(`${phase}: ${c.requests} requests, ${c.failed} failed`);
    }
    const rolling = load.counts.get("rolling restart");
    if (!rolling || rolling.failed > 0) problems.push("requests failed during the rolling restart");
    for (const phase of ["warm-up"])
      if ((load.counts.get(phase)?.failed ?? 0) > 0) problems.push(`requests failed in ${phase}`);

    const present = async (table: string, ids: (string | number)[]) =>
      (await db.query<{ n: number }>(`select count(*)::int as n from ${table} where id = any($1)`, [ids]))
        .rows[0]!.n;
    const orders = await present("orders", load.ackedOrders);
    const messages = await present("messages", load.ackedMessages);
    const cancelled = (
      await db.query<{ n: number }>(
        "select count(*)::int as n from orders where id = any($1) and status = 'cancelled'",
        [load.ackedCancels],
      )
    ).rows[0]!.n;
    out.push(
      `acknowledged writes: ${load.ackedOrders.length} bookings (${orders} found), ${load.ackedCancels.length} cancellations (${cancelled} found), ${load.ackedMessages.length} messages (${messages} found)`,
    );
    if (
      orders !== load.ackedOrders.length ||
      messages !== load.ackedMessages.length ||
      cancelled !== load.ackedCancels.length
    ) {
      problems.push("an acknowledged write is missing");
    }
    const expired = (
      await db.query<{ n: number }>(
        "select count(*)::int as n from orders where id = any($1) and status = 'expired'",
        [dueHolds],
      )
    ).rows[0]!.n;
    out.push(`holds due after the kill: ${dueHolds.length}, ended by the other nodes: ${expired}`);
    if (expired !== dueHolds.length) problems.push("a due hold was not ended");

    // Notifications: one bell row per booking and per message; each email sent, received, once.
    const bell = await db.query<{ kind: string; n: number }>(
      "select kind, count(*)::int as n from notifications where created_at >= $1 group by kind",
      [started],
    );
    const bellOf = (kind: string) => bell.rows.find((r) => r.kind === kind)?.n ?? 0;
    out.push(
      `notifications: ${bellOf("bikeBooked")} bikeBooked for ${load.ackedOrders.length} bookings, ${bellOf("messageReceived")} messageReceived for ${load.ackedMessages.length} messages`,
    );
    if (
      bellOf("bikeBooked") !== load.ackedOrders.length ||
      bellOf("messageReceived") !== load.ackedMessages.length
    ) {
      problems.push("a notification is missing or doubled");
    }
    const received = new Map<string, number>();
    for (const m of cluster.mail.messages) {
      const id = /^Message-ID:\s*(<[^>]+>)/im.exec(m.raw.toString("latin1"))?.[1];
      if (id) received.set(id, (received.get(id) ?? 0) + 1);
    }
    const emails = await db.query<{ key: string; status: string; attempts: number; created_at: Date }>(
      `select o.idempotency_key as key, o.status, o.attempts, o.created_at from outbox o
       join notifications n on n.id = o.notification_id where o.created_at >= $1 and n.kind <> 'messageReceived'`,
      [started],
    );
    const publicUrl = new URL(cluster.url);
    let lost = 0;
    let sentTwice = 0;
    let againAfterKill = 0;
    for (const e of emails.rows) {
      const times = received.get(messageIdOf(e.key, publicUrl)) ?? 0;
      if (e.status !== "sent" || times === 0) lost++;
      // Sent twice: only a claim that ran out (the killed node's) may be, under the same Message-ID.
      if (times > 1 && e.attempts < 2) sentTwice++;
      if (times > 1 && e.attempts >= 2) againAfterKill++;
    }
    const reclaimed = emails.rows.filter((e) => e.attempts >= 2).length;
    out.push(
      `emails: ${emails.rows.length} queued, ${lost} lost, ${sentTwice} sent twice, ${reclaimed} taken over after the kill (${againAfterKill} of them sent again under the same Message-ID)`,
    );
    if (lost > 0) problems.push("an email was lost");
    if (sentTwice > 0) problems.push("an email was sent twice");
  } finally {
    await db.end();
  }
  for (const line of out) console.log(`  ${line}`);
  for (const line of load.failures.slice(0, 10)) console.log(`  failed: ${line}`);
  for (const p of problems) console.log(`  PROBLEM: ${p}`);
  return problems.length === 0;
}
