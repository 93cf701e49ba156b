import { randomBytes } from "node:crypto";
import pg from "pg";

/**
 * A brand-new, empty database on `serverUrl`'s PostgreSQL server, named `<prefix>_<random>`;
 * `drop` removes it, closing whatever is still connected. For test runs and benchmarks: free of
 * test-runner imports so both can use it.
 */
export async function createScratchDatabase(
  serverUrl: string,
  prefix: string,
): Promise<{ url: string; drop(): Promise<void> }> {
  const name = `${prefix}_${randomBytes(6).toString("hex")}`;
  const run = async (sql: string) => {
    const client = new pg.Client({ connectionString: serverUrl });
    await client.connect();
    try {
      await client.query(sql);
    } finally {
      await client.end();
    }
  };
  await run(`create database ${name}`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return { url: url.href, drop: () => run(`drop database if exists ${name} with (force)`) };
}
