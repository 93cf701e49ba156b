import { describe, expect, it } from "vitest";
import { startupSummary } from "./startup-summary.ts";

const url = "http://localhost:3000/";

describe("the start-up summary", () => {
  it("a first `npm start`: the web build, the new database and the demo data, each with its time", () => {
    expect(
      startupSummary({
        url,
        totalMs: 9_812,
        web: { built: "first", ms: 2_941 },
        database: { kind: "created", ms: 3_080 },
        demo: { kind: "seeded", ms: 8_170, bikes: 72, accounts: 13 },
      }),
    ).toBe(
      "MotoHaat is running at http://localhost:3000/ in 9.8 s — built the web app 2.9 s, created the database 3.1 s, seeded demo data 8.2 s (72 bikes, 13 accounts)",
    );
  });

  it("a second start names what it found instead of timing it", () => {
    expect(
      startupSummary({
        url,
        totalMs: 1_430,
        database: { kind: "reused", ms: 600 },
        demo: { kind: "present" },
      }),
    ).toBe("MotoHaat is running at http://localhost:3000/ in 1.4 s — database reused, demo data present");
  });

  it("a rebuild after web changes, on PostgreSQL, with demo data off", () => {
    expect(
      startupSummary({
        url: "https://motohaat.example/",
        totalMs: 4_049,
        web: { built: "rebuilt", ms: 3_000 },
        database: { kind: "postgres", ms: 420 },
        demo: { kind: "off" },
      }),
    ).toBe(
      "MotoHaat is running at https://motohaat.example/ in 4.0 s — rebuilt the web app 3.0 s, PostgreSQL schema checked 0.4 s, demo data off",
    );
  });
});
