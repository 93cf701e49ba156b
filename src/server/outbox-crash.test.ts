import fs from "node:fs/promises";
import { createServer } from "node:net";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEMO_ACCOUNTS } from "#server/features/auth/demo-accounts.ts";
import { type MailCatcher, startMailCatcher } from "#server/test/mail-catcher.ts";
import {
  type ChildDatabase,
  childDatabase,
  freePort,
  killChildren,
  type Server,
  startServer,
} from "#server/test/process.ts";

/**
 * The outbox survives `kill -9`: a real server process books a bike while it cannot reach its mail
 * server, and is killed without warning; the next process on the same database sends the seller's
 * email. Without the outbox (a send after the commit, in memory) the email would be lost.
 */
const demoBuyer = DEMO_ACCOUNTS.find((a) => a.role === "buyer")!;

let dir: string;
let database: ChildDatabase;
let catcher: MailCatcher;
beforeAll(async () => {
  dir = await fs.mkdtemp(path.join(os.tmpdir(), "motohaat-crash-"));
  database = await childDatabase(dir);
  catcher = await startMailCatcher();
});
afterAll(async () => {
  await killChildren();
  await catcher?.close();
  await database?.dispose();
  await fs.rm(dir, { recursive: true, force: true });
});

function api(server: Server, pathname: string, init: RequestInit & { cookie?: string } = {}) {
  return fetch(`${server.url}${pathname}`, {
    ...init,
    headers: {
      origin: server.url,
      "content-type": "application/json",
      ...(init.cookie ? { cookie: init.cookie } : {}),
    },
  });
}

/** A port where nothing answers SMTP: a listener that closes every connection at once. */
async function deadSmtp(): Promise<{ url: string; close(): void }> {
  const port = await freePort();
  const server = createServer((socket) => socket.destroy());
  await new Promise<void>((resolve) => server.listen(port, "127.0.0.1", resolve));
  return { url: `smtp://127.0.0.1:${port}`, close: () => server.close() };
}

describe("a notification after kill -9", () => {
  it("is sent by the next process", { timeout: 240_000 }, async () => {
    const dead = await deadSmtp();
    const common = {
      ...database.env,
      SEED_DEMO: "true",
      OUTBOX_POLL_MS: "200",
      OUTBOX_RETRY_BASE_SECONDS: "1",
      // The kill may land while the first process holds a claim on the row (a retry under way): the
      // next process takes it once that lease has passed. One process sends one batch at a time, so a
      // short lease never lets it claim a row it is still sending.
      OUTBOX_LEASE_SECONDS: "2",
    };
    const first = await startServer({ ...common, SMTP_URL: dead.url });
    const signin = await api(first, "/api/auth/signin", {
      method: "POST",
      body: JSON.stringify({ email: demoBuyer.email, password: demoBuyer.password }),
    });
    expect(signin.status).toBe(200);
    const cookie = signin.headers.get("set-cookie")!.split(";")[0]!;
    const list = (await (await api(first, "/api/listings?limit=50")).json()) as {
      items: { id: string; status: string }[];
    };
    const bike = list.items.find((l) => l.status === "available")!;
    const from = first.logs.length;
    const booked = await api(first, "/api/orders", {
      method: "POST",
      cookie,
      body: JSON.stringify({ listingId: bike.id, phone: "01711-000000", meetingLocation: "Gulshan 1" }),
    });
    expect(booked.status, await booked.clone().text()).toBe(201);
    // The worker tried and could not send; then the process dies without any chance to clean up.
    await first.waitForLog((l) => l.msg === "some notification emails failed", "a failed send", from);
    first.child.kill("SIGKILL");
    await first.exited;
    dead.close();
    expect(catcher.messages).toEqual([]);

    const second = await startServer({ ...common, SMTP_URL: catcher.url });
    const deadline = Date.now() + 120_000;
    while (!catcher.messages.some((m) => m.subject.endsWith(" is booked")) && Date.now() < deadline) {
      await new Promise((r) => setTimeout(r, 200));
    }
    const mails = catcher.messages.filter((m) => m.subject.endsWith(" is booked"));
    // On failure, the processes' last words say whether the row was retried, claimed or never seen.
    const said = [...first.logs.slice(from), ...second.logs.slice(-10)].map((l) => l.msg).join(" | ");
    expect(mails, said).toHaveLength(1);
    expect(mails[0]!.text).toContain("Gulshan 1");
    second.child.kill("SIGKILL");
    await second.exited;
  });
});
