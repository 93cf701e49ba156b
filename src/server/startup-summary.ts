/** What a start did, as main.ts measured it (milliseconds), for its one-line summary. */
export type StartupReport = {
  url: string;
  totalMs: number;
  /** The web app's build by `npm start` (scripts/start.ts), when it ran: first build or rebuild. */
  web?: { built: "first" | "rebuilt"; ms: number } | undefined;
  database:
    | { kind: "created"; ms: number }
    | { kind: "reused"; ms: number }
    | { kind: "postgres"; ms: number };
  demo:
    | { kind: "seeded"; ms: number; bikes: number; accounts: number }
    | { kind: "present" }
    | { kind: "off" };
};

const s = (ms: number) => `${(ms / 1000).toFixed(1)} s`;

/**
 * One line: where it runs, how long the start took, and what it did (the parts run side by side,
 * so they may add up to more than the total).
 * `MotoHaat is running at http://localhost:3000/ in 9.8 s — built the web app 2.9 s, created the
 * database 3.1 s, seeded demo data 3.2 s (72 bikes, 13 accounts)`
 */
export function startupSummary(r: StartupReport): string {
  const parts: string[] = [];
  if (r.web) parts.push(`${r.web.built === "first" ? "built" : "rebuilt"} the web app ${s(r.web.ms)}`);
  if (r.database.kind === "created") parts.push(`created the database ${s(r.database.ms)}`);
  else if (r.database.kind === "reused") parts.push("database reused");
  else parts.push(`PostgreSQL schema checked ${s(r.database.ms)}`);
  if (r.demo.kind === "seeded") {
    parts.push(`seeded demo data ${s(r.demo.ms)} (${r.demo.bikes} bikes, ${r.demo.accounts} accounts)`);
  } else if (r.demo.kind === "present") parts.push("demo data present");
  else parts.push("demo data off");
  return `MotoHaat is running at ${r.url} in ${s(r.totalMs)} — ${parts.join(", ")}`;
}
