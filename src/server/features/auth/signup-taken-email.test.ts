import { afterEach, describe, expect, it, vi } from "vitest";
import { MSG } from "#shared/messages.ts";

// The real argon2, watched: which passwords a request hashed.
const argon2 = vi.hoisted(() => ({ hashed: [] as string[] }));
vi.mock("@node-rs/argon2", async (importOriginal) => {
  const real = await importOriginal<typeof import("@node-rs/argon2")>();
  return {
    ...real,
    hash: (password: string | Uint8Array, ...rest: unknown[]) => {
      argon2.hashed.push(String(password));
      return (real.hash as (...args: unknown[]) => Promise<string>)(password, ...rest);
    },
  };
});

// The server suite shares modules between files (vitest.config.ts: no isolation): the app this file
// builds must be imported afresh, after the mock, or its auth service keeps the argon2 it already has.
vi.resetModules();
const { expectProblem, setupTestApp } = await import("#server/test/app.ts");
const { signup } = await import("#server/test/auth.ts");
const { buildUser, STRONG_PASSWORD } = await import("#server/test/factories.ts");

describe("sign-up with an email that already has an account", () => {
  const t = setupTestApp();
  afterEach(() => {
    argon2.hashed.length = 0;
  });

  it("hashes the password like a sign-up that succeeds, before its 409 (the timing tells nothing)", async () => {
    const existing = await buildUser(t.app);
    const password = `${STRONG_PASSWORD}-taken`;
    argon2.hashed.length = 0;
    const res = await signup(t.app, { name: "Someone Else", email: existing.email.toUpperCase(), password });
    expectProblem(res, 409, MSG.signup.emailTaken);
    expect(argon2.hashed).toEqual([password]);
  });
});
