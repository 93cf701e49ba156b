/**
 * A Vitest reporter that writes every test with the project it ran in, so that
 * scripts/check-test-report.ts can tell the PGlite and PostgreSQL runs of the same server files apart
 * (Vitest's own JSON report does not name the project). Used by vitest.config.ts when CI is set.
 */
import fs from "node:fs";
import path from "node:path";
import type { Reporter, TestModule } from "vitest/node";

export type UnitReport = {
  reason: string;
  unhandledErrors: string[];
  modules: { project: string; file: string; state: string; errors: string[]; seconds: number }[];
  tests: { project: string; file: string; name: string; state: string; mode: string }[];
};

export const UNIT_REPORT_FILE = "test-results/unit-report.json";

export default class ProjectJsonReporter implements Reporter {
  onTestRunEnd(
    testModules: ReadonlyArray<TestModule>,
    unhandledErrors: ReadonlyArray<{ message?: string }>,
    reason: string,
  ) {
    const report: UnitReport = {
      reason,
      unhandledErrors: unhandledErrors.map((e) => e.message ?? String(e)),
      modules: [],
      tests: [],
    };
    for (const mod of testModules) {
      const project = mod.project.name;
      report.modules.push({
        project,
        file: mod.relativeModuleId,
        state: mod.state(),
        errors: mod.errors().map((e) => e.message),
        // What CI's time goes to: the slowest files are named at the end of its log.
        seconds: Math.round((mod.diagnostic().duration + mod.diagnostic().collectDuration) / 100) / 10,
      });
      for (const test of mod.children.allTests()) {
        report.tests.push({
          project,
          file: mod.relativeModuleId,
          name: test.fullName,
          state: test.result().state,
          mode: test.options.mode,
        });
      }
    }
    fs.mkdirSync(path.dirname(UNIT_REPORT_FILE), { recursive: true });
    fs.writeFileSync(UNIT_REPORT_FILE, JSON.stringify(report, null, 2));
  }
}
