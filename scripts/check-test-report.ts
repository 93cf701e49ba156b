/**
 * The last step of .ci/run: reads the Vitest and Playwright reports and fails unless both exist, nothing
 * failed, nothing was skipped, pending or todo, and the PostgreSQL run of the server suite really ran.
 * Ends with one line, `N passed, M failed`, totalled over both suites.
 */
import fs from "node:fs";
import { UNIT_REPORT_FILE, type UnitReport } from "./vitest-report.ts";

const E2E_REPORT_FILE = "test-results/e2e-report.json";
const REQUIRED_PROJECTS = ["server:pglite", "server:postgres"];

type PwResult = { status: string; duration: number };
type PwTest = { projectName: string; status: string; results: PwResult[] };
type PwSpec = { title: string; file: string; tests: PwTest[] };
type PwSuite = { title: string; specs?: PwSpec[]; suites?: PwSuite[] };
type PwReport = {
  suites: PwSuite[];
  errors: { message?: string }[];
  stats: { expected: number; unexpected: number; flaky: number; skipped: number; duration: number };
};

/** Tests that failed or did not run, one line each. */
const failedTests: string[] = [];
/** Problems that are not one test: a missing report, a project with zero tests, an unhandled error. */
const problems: string[] = [];
let passed = 0;

function readJson<T>(file: string, what: string): T | undefined {
  if (!fs.existsSync(file)) {
    problems.push(`${what}: ${file} is missing (the suite did not run or did not finish)`);
    return undefined;
  }
  try {
    return JSON.parse(fs.readFileSync(file, "utf8")) as T;
  } catch (err) {
    problems.push(`${what}: ${file} is not valid JSON (${(err as Error).message})`);
    return undefined;
  }
}

const unit = readJson<UnitReport>(UNIT_REPORT_FILE, "vitest");
if (unit) {
  const byProject = new Map<string, Record<string, number>>();
  for (const t of unit.tests) {
    const counts = byProject.get(t.project) ?? {};
    const key = t.mode === "todo" ? "todo" : t.state;
    counts[key] = (counts[key] ?? 0) + 1;
    byProject.set(t.project, counts);
    if (t.state === "passed") passed += 1;
    else if (t.state === "failed") failedTests.push(`vitest [${t.project}] failed: ${t.file} › ${t.name}`);
    else failedTests.push(`vitest [${t.project}] ${key} (not allowed in CI): ${t.file} › ${t.name}`);
  }
  for (const m of unit.modules) {
    if (m.state === "failed" && m.errors.length > 0) {
      failedTests.push(`vitest [${m.project}] ${m.file} failed to run: ${m.errors.join("; ")}`);
    }
  }
  for (const e of unit.unhandledErrors) problems.push(`vitest unhandled error: ${e}`);
  if (unit.reason !== "passed") problems.push(`vitest run ended as "${unit.reason}"`);
  for (const project of REQUIRED_PROJECTS) {
    if (!byProject.get(project)?.passed) problems.push(`vitest project ${project} ran zero tests`);
  }
  // Where the time went, so that a slow CI run says which files to look at.
  const slowest = [...unit.modules].sort((a, b) => (b.seconds ?? 0) - (a.seconds ?? 0)).slice(0, 12);
  console.log(
    `vitest's slowest files: ${slowest.map((m) => `${m.file} [${m.project}] ${m.seconds} s`).join(", ")}`,
  );
  for (const [project, counts] of [...byProject].sort()) {
    console.log(
      `vitest ${project}: ${Object.entries(counts)
        .map(([k, v]) => `${v} ${k}`)
        .join(", ")}`,
    );
  }
}

const e2e = readJson<PwReport>(E2E_REPORT_FILE, "playwright");
if (e2e) {
  const walk = (suite: PwSuite): PwSpec[] => [...(suite.specs ?? []), ...(suite.suites ?? []).flatMap(walk)];
  const specs = e2e.suites.flatMap(walk);
  let e2ePassed = 0;
  for (const spec of specs) {
    for (const t of spec.tests) {
      const last = t.results.at(-1)?.status ?? "not run";
      if (t.status === "expected" && last === "passed") {
        e2ePassed += 1;
      } else {
        const why = t.status === "skipped" ? "skipped (not allowed in CI)" : `${t.status} (${last})`;
        failedTests.push(`playwright [${t.projectName}] ${why}: ${spec.file} › ${spec.title}`);
      }
    }
  }
  passed += e2ePassed;
  const bySpecFile = new Map<string, number>();
  for (const spec of specs) {
    const ms = spec.tests.flatMap((t) => t.results).reduce((sum, r) => sum + (r.duration ?? 0), 0);
    bySpecFile.set(spec.file, (bySpecFile.get(spec.file) ?? 0) + ms);
  }
  const slowSpecs = [...bySpecFile].sort((a, b) => b[1] - a[1]).slice(0, 8);
  console.log(
    `playwright's slowest files: ${slowSpecs.map(([f, ms]) => `${f} ${Math.round(ms / 1000)} s`).join(", ")}`,
  );
  for (const e of e2e.errors) problems.push(`playwright error: ${(e.message ?? "").split("\n")[0]}`);
  if (specs.length === 0) problems.push("playwright ran zero tests");
  console.log(
    `playwright: ${e2ePassed} passed, ${e2e.stats.unexpected} failed, ${e2e.stats.flaky} flaky, ` +
      `${e2e.stats.skipped} skipped in ${Math.round(e2e.stats.duration / 1000)} s`,
  );
}

for (const p of [...failedTests, ...problems]) console.error(`✗ ${p}`);
// A problem that is not one test counts as one failure too: the summary never reads "0 failed" on a failing run.
const total = failedTests.length + problems.length;
console.log(`${passed} passed, ${total} failed`);
process.exit(total === 0 ? 0 : 1);
