import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import type { TestProject } from "vitest/node";
import { migratedPgliteDump } from "#server/test/pglite-dump.ts";

/**
 * The migrated, empty PGlite database every server test on PGlite starts from, made once per run:
 * migrating takes ~2.5 s of CPU, and the suite opens a database in each of its 115 files (twice in
 * CI, on Node 20 and on Node 24). Workers load the dump named by MOTOHAAT_TEST_PGLITE_TEMPLATE
 * (src/server/test/app.ts); each test's app gets its own copy, so no state is shared.
 */
export default async function setup(project: TestProject): Promise<(() => void) | undefined> {
  if (process.env.MOTOHAAT_TEST_PGLITE_TEMPLATE) return undefined;
  if (!project.vitest.projects.some((p) => p.name === "server:pglite")) return undefined;
  const dump = await migratedPgliteDump();
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "motohaat-test-pglite-"));
  const file = path.join(dir, "migrated.tar");
  fs.writeFileSync(file, new Uint8Array(await dump.arrayBuffer()));
  process.env.MOTOHAAT_TEST_PGLITE_TEMPLATE = file;
  return () => fs.rmSync(dir, { recursive: true, force: true });
}
