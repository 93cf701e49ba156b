import fs from "node:fs/promises";
import http from "node:http";
import os from "node:os";
import path from "node:path";
import { count, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { images, listingPhotos, listings, orders, payments, users } from "#server/db/schema.ts";
import { DEMO_ACCOUNTS } from "#server/features/auth/demo-accounts.ts";
import { imageFileName } from "#server/images/store.ts";
import { picturesOf } from "#server/seed/demo.ts";
import { DEMO_BIKES, DEMO_BUYERS, DEMO_SELLERS } from "#server/seed/demo-catalogue.ts";
import { multipart } from "#server/test/app.ts";
import { jpeg, jpegPart, STRONG_PASSWORD, uniqueEmail } from "#server/test/factories.ts";
import {
  type ChildDatabase,
  childDatabase,
  type Exit,
  killChildren,
  runNode,
  type Server,
  startServer,
} from "#server/test/process.ts";
import { MSG } from "#shared/messages.ts";
import { IMAGE_WIDTHS } from "#shared/schemas/images.ts";

/**
 * The real entry point as an operator runs it: `node --import tsx src/server/main.ts`, configured
 * by environment only, stopped by a signal. Runs on PGlite in a data dir (vitest.config.ts keeps it
 * out of the PostgreSQL project: main.ts differs there only in the URL it opens).
 */

const demoBuyer = DEMO_ACCOUNTS.find((a) => a.role === "buyer")!;

/** A JSON object body; the assertions say what it must hold. */
const json = (res: Response) => res.json() as Promise<Record<string, unknown>>;

function api(server: Server, pathname: string, init: RequestInit = {}) {
  return fetch(`${server.url}${pathname}`, {
    ...init,
    headers: {
      origin: server.url,
      ...(init.body && typeof init.body === "string" && { "content-type": "application/json" }),
      ...init.headers,
    },
  });
}

async function signIn(server: Server, email: string, password: string) {
  return api(server, "/api/auth/signin", { method: "POST", body: JSON.stringify({ email, password }) });
}

/** Signals the server and resolves with its exit code. */
function stop(server: Server, signal: NodeJS.Signals = "SIGTERM") {
  server.child.kill(signal);
  return server.exited;
}

/**
 * A sign-up whose body is sent in two halves: the second only after `between` resolves, so the
 * request is provably still in flight at that moment.
 */
async function splitSignup(server: Server, fields: Record<string, string>, between: () => Promise<unknown>) {
  const form = await multipart({
    ...fields,
    photo: jpegPart(await jpeg(1600, 1200), "me.jpg"),
  });
  const url = new URL(`${server.url}/api/auth/signup`);
  return new Promise<{ status: number; body: string }>((resolve, reject) => {
    const req = http.request(url, {
      method: "POST",
      headers: { ...form.headers, origin: server.url, "content-length": String(form.payload.length) },
    });
    req.on("error", reject);
    req.on("response", (res) => {
      let body = "";
      res.on("data", (d: Buffer) => (body += d.toString()));
      res.on("end", () => resolve({ status: res.statusCode!, body }));
    });
    const half = Math.floor(form.payload.length / 2);
    req.write(form.payload.subarray(0, half));
    between().then(
      () => req.end(form.payload.subarray(half)),
      (err) => {
        req.destroy();
        reject(err);
      },
    );
  });
}

const isMsg = (text: string) => (l: { msg?: string }) => l.msg === text;

const DEMO_PEOPLE = DEMO_ACCOUNTS.length + DEMO_SELLERS.length + DEMO_BUYERS.length;

/** The start's one-line summary (its only log line saying it runs), with its parts after the dash. */
function startupSummary(server: Server): string {
  const lines = server.logs.filter((l) => l.msg?.startsWith("MotoHaat is running"));
  expect(lines).toHaveLength(1);
  const msg = lines[0]!.msg!;
  expect(msg).not.toContain("\n");
  expect(msg).toMatch(/^MotoHaat is running at http:\/\/localhost:\d+\/ in \d+\.\d s — /);
  return msg.slice(msg.indexOf(" — ") + 3);
}

const SECONDS = String.raw`\d+\.\d s`;

// Each test starts real processes; seeding the demo catalogue (91 drawings through sharp) takes ~6 s on an idle machine.
describe("the server process", { timeout: 120_000 }, () => {
  let dataDir: string;
  let target: ChildDatabase;
  const early = { email: uniqueEmail("early"), name: "First Run Fatima" };
  const inFlight = { email: uniqueEmail("inflight"), name: "In Flight Imran" };

  // Independent of the first run: started at once so they run beside it, checked in their own tests.
  let noDemoServer: Promise<Server>;
  let npmStart: Promise<Server>;
  let npmStartDir: string;
  let npmStartDb: ChildDatabase;
  let productionWithoutSecret: Promise<Exit>;
  let emptyDir: string;
  let empty: ChildDatabase;

  beforeAll(async () => {
    dataDir = await fs.mkdtemp(path.join(os.tmpdir(), "motohaat-main-"));
    target = await childDatabase(dataDir);
    emptyDir = await fs.mkdtemp(path.join(os.tmpdir(), "motohaat-main-"));
    empty = await childDatabase(emptyDir);
    noDemoServer = startServer({ ...empty.env, SEED_DEMO: "false" });
    productionWithoutSecret = runNode("src/server/main.ts", [], {
      ...empty.env,
      NODE_ENV: "production",
      PORT: "0",
    });
    // `npm start`'s script with no web build yet: it builds one (into its own dir) beside the database.
    npmStartDir = await fs.mkdtemp(path.join(os.tmpdir(), "motohaat-main-"));
    npmStartDb = await childDatabase(npmStartDir);
    // WEB_DIST_DIR may be a folder with other files in it: the build adds its own, deletes nothing.
    await fs.mkdir(path.join(npmStartDir, "web"));
    await fs.writeFile(path.join(npmStartDir, "web", "not-ours.txt"), "kept");
    npmStart = startServer(
      { ...npmStartDb.env, SEED_DEMO: "false", WEB_DIST_DIR: path.join(npmStartDir, "web") },
      "scripts/start.ts",
    );
    // Awaited by their tests; this only keeps an early failure from being reported as unhandled.
    noDemoServer.catch(() => {});
    npmStart.catch(() => {});
  });
  afterAll(async () => {
    await killChildren();
    await target?.dispose();
    await empty?.dispose();
    await npmStartDb?.dispose();
    await fs.rm(npmStartDir, { recursive: true, force: true });
    await fs.rm(dataDir, { recursive: true, force: true });
    await fs.rm(emptyDir, { recursive: true, force: true });
  });

  it("starts with demo data, serves the API, finishes an in-flight sign-up on SIGTERM and exits 0", async () => {
    const server = await startServer({ ...target.env, SEED_DEMO: "true" });
    expect(startupSummary(server)).toMatch(
      new RegExp(
        `^created the database ${SECONDS}, seeded demo data ${SECONDS} \\(${DEMO_BIKES.length} bikes, ${DEMO_PEOPLE} accounts\\)$`,
      ),
    );

    const health = await api(server, "/api/health");
    expect(health.status).toBe(200);
    expect(await health.json()).toMatchObject({ status: "ok" });

    const demo = await api(server, "/api/auth/demo-accounts");
    expect((await json(demo)).accounts).toContainEqual({
      role: "buyer",
      email: demoBuyer.email,
      password: demoBuyer.password,
    });
    const buyer = await signIn(server, demoBuyer.email, demoBuyer.password);
    expect(buyer.status).toBe(200);
    expect((await json(buyer)).user).toMatchObject({ email: demoBuyer.email, role: "buyer" });
    expect(buyer.headers.get("set-cookie")).toMatch(/^mh_session=.+HttpOnly/i);

    const form = await multipart({
      ...early,
      role: "seller",
      password: STRONG_PASSWORD,
      photo: jpegPart(await jpeg(), "me.jpg"),
    });
    const signup = await api(server, "/api/auth/signup", {
      method: "POST",
      body: new Uint8Array(form.payload),
      headers: form.headers,
    });
    expect(signup.status, await signup.clone().text()).toBe(201);

    // Half a sign-up is on the wire when SIGTERM arrives; the rest follows once shutdown has begun.
    const from = server.logs.length;
    const signedUp = splitSignup(
      server,
      { ...inFlight, role: "buyer", password: STRONG_PASSWORD },
      async () => {
        await server.waitForLog(
          (l) => l.msg === "incoming request" && l.req?.url === "/api/auth/signup",
          "the in-flight sign-up",
          from,
        );
        server.child.kill("SIGTERM");
        await server.waitForLog(
          isMsg("shutting down: finishing in-flight requests"),
          "that it shuts down",
          from,
        );
      },
    );
    const res = await signedUp;
    expect(res.status, res.body).toBe(201);
    expect(JSON.parse(res.body).user).toMatchObject({ email: inFlight.email, role: "buyer" });

    expect(await server.exited).toBe(0);
    const messages = server.logs.map((l) => l.msg);
    expect(messages).toContain("closed cleanly");
    expect(messages.indexOf("shutting down: finishing in-flight requests")).toBeLessThan(
      messages.lastIndexOf("request completed"),
    );
    expect(server.stderr()).toBe("");
  });

  it("restarts on the same data: users kept, demo data not seeded twice, and complete", async () => {
    const server = await startServer({ ...target.env, SEED_DEMO: "true" });
    expect(startupSummary(server)).toBe("database reused, demo data present");
    for (const user of [early, inFlight]) {
      const res = await signIn(server, user.email.toUpperCase(), STRONG_PASSWORD);
      expect(res.status, user.email).toBe(200);
      expect((await json(res)).user).toMatchObject(user);
    }
    expect((await signIn(server, demoBuyer.email, demoBuyer.password)).status).toBe(200);
    expect(await stop(server)).toBe(0);

    const database = await target.open();
    try {
      const [u] = await database.db.select({ n: count() }).from(users);
      const [l] = await database.db.select({ n: count() }).from(listings);
      expect(u!.n).toBe(DEMO_PEOPLE + 2);
      expect(l!.n).toBe(DEMO_BIKES.length);
      // Every bike with all its photos, every sold one with its order, every other order paid.
      const [p] = await database.db.select({ n: count() }).from(listingPhotos);
      expect(p!.n).toBe(DEMO_BIKES.reduce((n, bike) => n + picturesOf(bike).length, 0));
      const sold = DEMO_BIKES.filter((bike) => bike.sold === true).length;
      const [o] = await database.db.select({ n: count() }).from(orders);
      expect(o!.n).toBe(sold);
      const [paid] = await database.db.select({ n: count() }).from(payments);
      expect(paid!.n).toBe(Math.floor(sold / 2));
      const [sales] = await database.db
        .select({ n: count() })
        .from(listings)
        .where(eq(listings.status, "sold"));
      expect(sales!.n).toBe(sold);
      // Each stored picture on disk in every width (the demo people's photos and the bikes').
      const keys = (await database.db.select({ key: images.key }).from(images)).map((r) => r.key);
      const files = new Set(await fs.readdir(path.join(dataDir, "images")));
      const missing = keys.flatMap((key) =>
        IMAGE_WIDTHS.map((w) => imageFileName(key, w)).filter((name) => !files.has(name)),
      );
      expect(missing).toEqual([]);
    } finally {
      await database.close();
    }
  });

  it("a production start on that data logs the demo accounts as an error and refuses their sign-in", async () => {
    const server = await startServer({
      ...target.env,
      NODE_ENV: "production",
      SESSION_SECRET: "k3Jd9f0sL2mQ8vX7pR4tY6wZ1aB5cE0g",
      SMTP_URL: "smtp://127.0.0.1:1",
    });
    const error = server.logs.find((l) => l.level === 50 && Array.isArray(l.demoAccounts));
    expect(error?.demoAccounts).toEqual(DEMO_ACCOUNTS.map((a) => a.email).sort());
    expect((await api(server, "/api/auth/demo-accounts")).status).toBe(404);
    const res = await signIn(server, demoBuyer.email, demoBuyer.password);
    expect(res.status).toBe(401);
    expect((await signIn(server, early.email, STRONG_PASSWORD)).status).toBe(200);
    expect(await stop(server)).toBe(0);
  });

  it("with SEED_DEMO=false on a new data dir: no demo accounts, and SIGINT also closes cleanly", async () => {
    const server = await noDemoServer;
    expect(startupSummary(server)).toMatch(new RegExp(`^created the database ${SECONDS}, demo data off$`));
    const demo = await api(server, "/api/auth/demo-accounts");
    expect(demo.status).toBe(404);
    const res = await signIn(server, demoBuyer.email, demoBuyer.password);
    expect(res.status).toBe(401);
    expect((await json(res)).detail).toBe(MSG.signin.wrongCredentials);
    const listed = await api(server, "/api/listings");
    expect((await json(listed)).items).toEqual([]);
    expect(await stop(server, "SIGINT")).toBe(0);
    expect(server.logs.map((l) => l.msg)).toContain("closed cleanly");
  });

  it("npm start without a web build: builds it beside the database, and listens with the app in place", async () => {
    const server = await npmStart;
    expect(startupSummary(server)).toMatch(
      new RegExp(`^built the web app ${SECONDS}, created the database ${SECONDS}, demo data off$`),
    );
    const page = await api(server, "/signin");
    expect(page.status).toBe(200);
    expect(page.headers.get("content-type")).toMatch(/^text\/html/);
    expect(await page.text()).toContain('<div id="root">');
    expect((await api(server, "/api/health")).status).toBe(200);
    expect(await fs.readFile(path.join(npmStartDir, "web", "not-ours.txt"), "utf8")).toBe("kept");
    expect(await stop(server)).toBe(0);
  });

  it("refuses to start in production without SESSION_SECRET: exit 1 and the reason", async () => {
    const res = await productionWithoutSecret;
    expect(res.code).toBe(1);
    expect(res.stderr).toContain("SESSION_SECRET");
  });
});
