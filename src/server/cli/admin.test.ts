import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { mfaRecoveryCodes } from "#server/db/schema.ts";
import { call, createTestApp, sessionCookie } from "#server/test/app.ts";
import { me, signin, userRow } from "#server/test/auth.ts";
import { signedInUser, signIn, uniqueEmail } from "#server/test/factories.ts";
import { enrolMfa, signInWithCode, totpCode } from "#server/test/mfa.ts";
import { type ChildDatabase, childDatabase, killChildren, runNode } from "#server/test/process.ts";
import { MSG } from "#shared/messages.ts";

const PASSWORD = "Adm1n!Secure";

// Each command is a Node process of its own that opens the database: a test of three took 26 s of the
// 30 s default in one CI run on a slow host (9 s on another), and timed out on the next. So both here.
describe("npm run admin -- create", { timeout: 90_000 }, () => {
  let dataDir: string;
  let target: ChildDatabase;
  const admin = (args: string[]) => runNode("src/server/cli/admin.ts", args, target.env);

  beforeAll(async () => {
    dataDir = await fs.mkdtemp(path.join(os.tmpdir(), "motohaat-cli-"));
    target = await childDatabase(dataDir);
  });
  afterAll(async () => {
    await killChildren();
    await target?.dispose();
    await fs.rm(dataDir, { recursive: true, force: true });
  });

  it("refuses a weak password with a non-zero exit and the password rule", async () => {
    const res = await admin([
      "create",
      "--email",
      uniqueEmail("weak"),
      "--name",
      "Weak",
      "--password",
      "password1",
    ]);
    expect(res.code).not.toBe(0);
    expect(res.stderr).toContain(`error: ${MSG.signup.passwordWeak}`);
  });

  it("refuses a common password with a non-zero exit and says so", async () => {
    const args = ["create", "--email", uniqueEmail("common"), "--name", "Common", "--password", "Password1!"];
    const res = await admin(args);
    expect(res.code).not.toBe(0);
    expect(res.stderr).toContain(`error: ${MSG.signup.passwordCommon}`);
  });

  it("refuses missing options, naming each, and prints usage without a command", async () => {
    const missing = await admin(["create", "--email", "not-an-email"]);
    expect(missing.code).not.toBe(0);
    expect(missing.stderr).toContain(`error: ${MSG.signup.emailInvalid}`);
    expect(missing.stderr).toContain("error: --name is required");
    expect(missing.stderr).toContain(`error: ${MSG.signup.passwordRequired}`);

    const noCommand = await admin([]);
    expect(noCommand.code).not.toBe(0);
    expect(noCommand.stdout).toContain("Usage: npm run admin -- create");
  });

  it("creates an admin once (a second create in any letter case fails) who then signs in through the API", async () => {
    const email = uniqueEmail("Boss");
    const created = await admin(["create", "--email", email, "--name", "Head Admin", "--password", PASSWORD]);
    expect(created.code, created.stderr).toBe(0);
    expect(created.stdout).toContain(`Admin ${email.toLowerCase()} created.`);

    const again = await admin([
      "create",
      "--email",
      email.toUpperCase(),
      "--name",
      "Other",
      "--password",
      PASSWORD,
    ]);
    expect(again.code).toBe(1);
    expect(again.stderr).toContain("already exists");

    // PGlite is one process's at a time: the CLI has exited, now the app opens the same database.
    const t = await createTestApp({}, {}, target.open);
    try {
      const res = await signin(t.app, { email, password: PASSWORD });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().user).toMatchObject({
        email: email.toLowerCase(),
        name: "Head Admin",
        role: "admin",
      });
      const cookie = sessionCookie(res);
      const sellers = await call(t.app, { method: "GET", url: "/api/admin/sellers", cookie });
      expect(sellers.statusCode, sellers.body).toBe(200);

      // The refused second create changed nothing: the first name and password stand.
      const other = await signin(t.app, { email: email.toUpperCase(), password: PASSWORD });
      expect(other.json().user.name).toBe("Head Admin");
    } finally {
      await t.close();
    }
  });
});

describe("npm run admin -- reset-mfa", { timeout: 90_000 }, () => {
  let dataDir: string;
  let target: ChildDatabase;
  const admin = (args: string[]) => runNode("src/server/cli/admin.ts", args, target.env);

  beforeAll(async () => {
    dataDir = await fs.mkdtemp(path.join(os.tmpdir(), "motohaat-cli-"));
    target = await childDatabase(dataDir);
  });
  afterAll(async () => {
    await killChildren();
    await target?.dispose();
    await fs.rm(dataDir, { recursive: true, force: true });
  });

  it("clears a person's second factor and recovery codes and ends their sessions; they sign in with the password", async () => {
    // PGlite is one process's at a time: the app and the CLI take turns on the same database.
    let t = await createTestApp({ REQUIRE_ADMIN_MFA: "true" }, {}, target.open);
    let session: string;
    const { user, cookie } = await signedInUser(t.app, { role: "admin" });
    try {
      const { secret } = await enrolMfa(t.app, cookie, user.password);
      const signin = await signInWithCode(t.app, user, () => totpCode(secret, 1));
      session = sessionCookie(signin);
    } finally {
      await t.close();
    }

    const unknown = await admin(["reset-mfa", "--email", uniqueEmail("nobody")]);
    expect(unknown.code).toBe(1);
    expect(unknown.stderr).toContain("there is no account with");
    const res = await admin(["reset-mfa", "--email", user.email.toUpperCase()]);
    expect(res.code, res.stderr).toBe(0);
    expect(res.stdout).toContain(`Two-step sign-in of ${user.email} is reset`);

    t = await createTestApp({ REQUIRE_ADMIN_MFA: "true" }, {}, target.open);
    try {
      for (const c of [cookie, session]) {
        expect(await me(t.app, c)).toBeNull();
      }
      const row = await userRow(t.app, user.id);
      expect([row.totpSecret, row.totpEnabledAt, row.totpPendingSecret]).toEqual([null, null, null]);
      expect(
        await t.app.db.select().from(mfaRecoveryCodes).where(eq(mfaRecoveryCodes.userId, user.id)),
      ).toEqual([]);
      // The password alone signs in again; the admin pages wait until they enrol again.
      const again = await signIn(t.app, user);
      expect(await me(t.app, again)).toMatchObject({ id: user.id, mfaEnabled: false, mfaRequired: true });
      const sellers = await call(t.app, { method: "GET", url: "/api/admin/sellers", cookie: again });
      expect(sellers.statusCode).toBe(403);
    } finally {
      await t.close();
    }
    // Two app starts and two CLI runs: slow on a busy machine.
  }, 120_000);
});
