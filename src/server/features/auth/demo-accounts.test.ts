import { count } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { listings, users } from "#server/db/schema.ts";
import { seedDemo } from "#server/seed/demo.ts";
import { call, createTestApp, expectProblem, setupTestApp, type TestApp } from "#server/test/app.ts";
import { signin } from "#server/test/auth.ts";
import { checkLedger } from "#server/workflows/ledger-check.ts";
import { MSG } from "#shared/messages.ts";

/** One app for every test that needs no special configuration. */
const t = setupTestApp();

describe("demo accounts", () => {
  it("answers 404 while demo data is off", async () => {
    const res = await call(t.app, { method: "GET", url: "/api/auth/demo-accounts" });
    expectProblem(res, 404, MSG.generic.notFound);
  });

  describe("when demo data is seeded", () => {
    let seeded: TestApp;
    const quiet = { info() {} };
    beforeAll(async () => {
      seeded = await createTestApp({ SEED_DEMO: "true" });
      await seedDemo(seeded.app.db, seeded.app.images, quiet);
    });
    afterAll(async () => {
      await seeded?.close();
    });

    it("lists a buyer, a seller and an admin, and each signs in with the listed password as that role", async () => {
      const res = await call(seeded.app, { method: "GET", url: "/api/auth/demo-accounts" });
      expect(res.statusCode, res.body).toBe(200);
      const { accounts } = res.json() as { accounts: { role: string; email: string; password: string }[] };
      expect(accounts.map((a) => a.role)).toEqual(["buyer", "seller", "admin"]);
      for (const account of accounts) {
        const login = await signin(seeded.app, { email: account.email, password: account.password });
        expect(login.statusCode, `${account.role}: ${login.body}`).toBe(200);
        expect(login.json().user).toMatchObject({ email: account.email, role: account.role });
        expect(login.json().user.photo).not.toBeNull();
      }
    });

    it("the demo's card payments are in the ledger, and it balances (decision 028)", async () => {
      const { totals, problems } = await checkLedger(seeded.app.db);
      expect(problems).toEqual([]);
      expect(totals.received).toBeGreaterThan(0);
    });

    it("seeding again creates nothing new", async () => {
      const counts = async () => ({
        users: (await seeded.app.db.select({ n: count() }).from(users))[0]!.n,
        listings: (await seeded.app.db.select({ n: count() }).from(listings))[0]!.n,
      });
      const before = await counts();
      expect(before.users).toBeGreaterThan(3);
      expect(before.listings).toBeGreaterThan(0);
      await seedDemo(seeded.app.db, seeded.app.images, quiet);
      expect(await counts()).toEqual(before);
    });
  });
});
