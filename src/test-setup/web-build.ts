import fs from "node:fs";
import type { TestProject } from "vitest/node";
import { buildWeb } from "../../scripts/demo-server.ts";

/**
 * The production build of the web app, made once per run for the server tests that answer with its
 * pages rendered on the server (src/server/plugins/server-render.test.ts): what they render is what
 * ships. Workers read its folder from MOTOHAAT_TEST_WEB_BUILD; a folder already named there (a build
 * of the current sources, to save a minute when running a few tests by hand) is used as it is.
 */
export default function setup(project: TestProject): (() => void) | undefined {
  if (process.env.MOTOHAAT_TEST_WEB_BUILD) return undefined;
  if (!project.vitest.projects.some((p) => p.name.startsWith("server:"))) return undefined;
  const dir = buildWeb("motohaat-test-web-");
  process.env.MOTOHAAT_TEST_WEB_BUILD = dir;
  return () => fs.rmSync(dir, { recursive: true, force: true });
}
