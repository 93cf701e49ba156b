import { randomBytes } from "node:crypto";
import { eq, inArray } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { passwordResetTokens, sessions, users } from "#server/db/schema.ts";
import {
  call,
  createTestApp,
  expectProblem,
  openTestDatabase,
  sessionCookie,
  type TestApp,
} from "#server/test/app.ts";
import { me, signin } from "#server/test/auth.ts";
import { captureLogs } from "#server/test/logs.ts";
import { MSG } from "#shared/messages.ts";
import { DEMO_ACCOUNTS } from "./demo-accounts.ts";
import { createUser } from "./service.ts";
import { createSession, hashToken } from "./sessions.ts";

const SECRET = "k3Jd9f0sL2mQ8vX7pR4tY6wZ1aB5cE0g";
const PRODUCTION = { NODE_ENV: "production", SESSION_SECRET: SECRET, SMTP_URL: "smtp://127.0.0.1:1" };
const NEW_PASSWORD = "N3w!Secret-42";

describe("a production start on a database that holds the demo accounts (demo data off)", () => {
  let t: TestApp;
  const logs = captureLogs();
  /** Made before the start: a session of the admin, and an emailed reset link of the seller. */
  const demoIds: Record<string, string> = {};
  let adminCookie = "";
  let sellerResetToken = "";
  const other = { email: "rina@example.com", password: "Rina!Pass2026" };
  /** The demo admin under another address, its published password kept. */
  const renamed = {
    email: "boss@example.com",
    password: DEMO_ACCOUNTS.find((a) => a.role === "admin")!.password,
  };

  beforeAll(async () => {
    const earlierDemoStart = async () => {
      const database = await openTestDatabase();
      for (const a of DEMO_ACCOUNTS) demoIds[a.role] = await createUser(database.db, a);
      await createUser(database.db, { name: "Rina", role: "buyer", ...other });
      await createUser(database.db, { name: "Boss", role: "admin", ...renamed });
      adminCookie = `mh_session=${(await createSession(database.db, SECRET, demoIds.admin!)).token}`;
      sellerResetToken = randomBytes(32).toString("base64url");
      await database.db.insert(passwordResetTokens).values({
        id: hashToken(SECRET, sellerResetToken),
        userId: demoIds.seller!,
        expiresAt: new Date(Date.now() + 60 * 60 * 1000),
      });
      return database;
    };
    t = await createTestApp(PRODUCTION, {}, earlierDemoStart, {
      logger: { level: "info", stream: logs.stream },
    });
  });
  afterAll(async () => {
    await t?.close();
  });

  it("logs an error naming each demo account", () => {
    const errors = logs.lines.filter((l) => l.level === 50);
    expect(errors).toHaveLength(1);
    const emails = DEMO_ACCOUNTS.map((a) => a.email).sort();
    expect(errors[0]!.demoAccounts).toEqual(emails);
    for (const email of emails) expect(errors[0]!.msg).toContain(email);
  });

  it("refuses each demo account's sign-in with its published password, and only theirs", async () => {
    for (const account of DEMO_ACCOUNTS) {
      expectProblem(
        await signin(t.app, { email: account.email, password: account.password }),
        401,
        MSG.signin.wrongCredentials,
      );
      const shouted = await signin(t.app, {
        email: ` ${account.email.toUpperCase()}`,
        password: account.password,
      });
      expectProblem(shouted, 401, MSG.signin.wrongCredentials);
    }
    expect((await signin(t.app, other)).statusCode).toBe(200);
  });

  it("refuses a demo password on any account, such as a demo account renamed", async () => {
    expectProblem(await signin(t.app, renamed), 401, MSG.signin.wrongCredentials);
  });

  it("ended the sessions they had", async () => {
    const left = await t.app.db
      .select()
      .from(sessions)
      .where(inArray(sessions.userId, Object.values(demoIds)));
    expect(left).toEqual([]);
    expect(await me(t.app, adminCookie)).toBeNull();
    expectProblem(await call(t.app, { method: "GET", url: "/api/admin/sellers", cookie: adminCookie }), 401);
  });

  it("voided their reset links, and a session got by a later reset is not honoured", async () => {
    const old = await call(t.app, {
      method: "POST",
      url: "/api/auth/password-reset/confirm",
      payload: { token: sellerResetToken, password: NEW_PASSWORD },
    });
    expectProblem(old, 400, MSG.passwordReset.linkInvalid);

    // A link mailed after the start (to a .test address nobody receives; still, say it arrived).
    const token = randomBytes(32).toString("base64url");
    await t.app.db.insert(passwordResetTokens).values({
      id: hashToken(SECRET, token),
      userId: demoIds.seller!,
      expiresAt: new Date(Date.now() + 60 * 60 * 1000),
    });
    const reset = await call(t.app, {
      method: "POST",
      url: "/api/auth/password-reset/confirm",
      payload: { token, password: NEW_PASSWORD },
    });
    expect(await me(t.app, sessionCookie(reset))).toBeNull();
    const seller = DEMO_ACCOUNTS.find((a) => a.role === "seller")!;
    expectProblem(
      await signin(t.app, { email: seller.email, password: NEW_PASSWORD }),
      401,
      MSG.signin.wrongCredentials,
    );
  });

  it("mails no reset link to a demo account, though the answer is the usual one", async () => {
    const ask = (email: string) =>
      call(t.app, { method: "POST", url: "/api/auth/password-reset", payload: { email } });
    const admin = DEMO_ACCOUNTS.find((a) => a.role === "admin")!;
    expect((await ask(admin.email.toUpperCase())).statusCode).toBe(202);
    expect((await ask(other.email)).statusCode).toBe(202);
    await t.app.background.idle();
    const links = await t.app.db
      .select({ userId: passwordResetTokens.userId })
      .from(passwordResetTokens)
      .where(inArray(passwordResetTokens.userId, [demoIds.admin!]));
    expect(links).toEqual([]);
    // The same request for anyone else does make a link (the mail itself fails: no SMTP server).
    const rinas = await t.app.db
      .select({ email: users.email })
      .from(passwordResetTokens)
      .innerJoin(users, eq(users.id, passwordResetTokens.userId))
      .where(eq(users.email, other.email));
    expect(rinas).toHaveLength(1);
  });

  it("does not list the demo accounts: 404", async () => {
    expectProblem(await call(t.app, { method: "GET", url: "/api/auth/demo-accounts" }), 404);
  });
});
