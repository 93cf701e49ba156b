import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { MSG } from "#shared/messages.ts";
import { call, createTestApp } from "../test/app.ts";
import { uniqueEmail } from "../test/factories.ts";
import { type ChildDatabase, childDatabase, killChildren, runNode } from "../test/process.ts";

const PASSWORD = "Adm1n!Secure";

describe("npm run admin -- create", () => {
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
      const res = await call(t.app, {
        method: "POST",
        url: "/api/auth/signin",
        payload: { email, password: PASSWORD },
      });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().user).toMatchObject({
        email: email.toLowerCase(),
        name: "Head Admin",
        role: "admin",
      });
      const cookie = `mh_session=${res.cookies.find((c) => c.name === "mh_session")!.value}`;
      const sellers = await call(t.app, { method: "GET", url: "/api/admin/sellers", cookie });
      expect(sellers.statusCode, sellers.body).toBe(200);

      // The refused second create changed nothing: the first name and password stand.
      const other = await call(t.app, {
        method: "POST",
        url: "/api/auth/signin",
        payload: { email: email.toUpperCase(), password: PASSWORD },
      });
      expect(other.json().user.name).toBe("Head Admin");
    } finally {
      await t.close();
    }
  });
});
