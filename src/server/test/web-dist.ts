import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";

/** The one hashed asset a fake build holds. */
export const BUILT_ASSET = { url: "/assets/app-1a2b3c.js", body: "console.log('app');\n" };

/**
 * A built web app in a folder of its own (`index.html` and BUILT_ASSET), for `createTestApp({}, { webDist: dir })`;
 * `remove` deletes it.
 */
export async function createWebDist(indexHtml: string): Promise<{ dir: string; remove(): Promise<void> }> {
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), "motohaat-web-"));
  await fs.writeFile(path.join(dir, "index.html"), indexHtml);
  await fs.mkdir(path.join(dir, "assets"));
  await fs.writeFile(path.join(dir, BUILT_ASSET.url.slice(1)), BUILT_ASSET.body);
  return { dir, remove: () => fs.rm(dir, { recursive: true, force: true }) };
}
