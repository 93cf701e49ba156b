import { type ChildProcess, spawn } from "node:child_process";
import { randomUUID } from "node:crypto";
import net from "node:net";
import { Redis } from "ioredis";

/** The Redis the suite shares (CI gives one); tests that stop Redis start their own with startRedis. */
export const TEST_REDIS_URL = process.env.TEST_REDIS_URL ?? "redis://127.0.0.1:6379";

/** `url` with a key prefix of its own, so that no two test runs share a counter. */
export function namespaced(url: string): { url: string; prefix: string } {
  const prefix = `motohaat-test-${randomUUID()}:`;
  return { url: `${url}?keyPrefix=${prefix}`, prefix };
}

/** The keys under `prefix` in the Redis at `url`, read with a connection of the test's own. */
export async function redisKeys(url: string, prefix: string): Promise<string[]> {
  const client = new Redis(url, { lazyConnect: true, maxRetriesPerRequest: 0 });
  try {
    await client.connect();
    return await client.keys(`${prefix}*`);
  } finally {
    client.disconnect();
  }
}

/** A Redis server of the test's own, on a free port, that the test can stop and start again. */
export async function startRedis(port: number): Promise<ChildProcess> {
  const child = spawn(
    "redis-server",
    ["--port", String(port), "--bind", "127.0.0.1", "--save", "", "--appendonly", "no"],
    { stdio: ["ignore", "pipe", "inherit"] },
  );
  await new Promise<void>((resolve, reject) => {
    let out = "";
    child.stdout!.on("data", (chunk) => {
      out += String(chunk);
      if (out.includes("Ready to accept connections")) resolve();
    });
    child.once("exit", (code) => reject(new Error(`redis-server exited (${code}): ${out}`)));
  });
  return child;
}

/** Kills a Redis startRedis started (SIGKILL, as a crash would) and waits until it is gone. */
export function stopRedis(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    child.once("exit", () => resolve());
    child.kill("SIGKILL");
  });
}

/**
 * A TCP proxy in front of the test Redis that can be frozen: connections stay open but nothing
 * goes through, as with a Redis that hangs or a network that drops packets.
 */
export async function freezableProxy(target: number) {
  const sockets = new Set<net.Socket>();
  let frozen = false;
  const server = net.createServer((client) => {
    const upstream = net.connect(target, "127.0.0.1");
    sockets.add(client).add(upstream);
    client.on("data", (d) => frozen || upstream.write(d));
    upstream.on("data", (d) => frozen || client.write(d));
    const end = () => {
      client.destroy();
      upstream.destroy();
    };
    client.on("close", end).on("error", end);
    upstream.on("close", end).on("error", end);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return {
    port: (server.address() as net.AddressInfo).port,
    freeze: () => {
      frozen = true;
    },
    close: async () => {
      for (const s of sockets) s.destroy();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}
