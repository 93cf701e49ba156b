import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { mfaRecoveryCodes, users } from "#server/db/schema.ts";
import { call, expectProblem, setupTestApp } from "#server/test/app.ts";
import { me, userRow } from "#server/test/auth.ts";
import { signedInUser, signIn } from "#server/test/factories.ts";
import { signedInUserWithMfa, signInWithCode, totpCode, wrongCode } from "#server/test/mfa.ts";
import { MSG } from "#shared/messages.ts";
import { mfaKeys } from "./two-factor.ts";

const t = setupTestApp();

describe("turning two-step sign-in off", () => {
  it("needs the password (or a current code), then signing in takes the password alone", async () => {
    const { user, cookie, secret } = await signedInUserWithMfa(t.app);
    const off = (payload: object) =>
      call(t.app, { method: "POST", url: "/api/auth/mfa/disable", cookie, payload });

    expectProblem(await off({}), 400, MSG.mfa.proofRequired);
    const wrong = await off({ password: "Wr0ng!Pass" });
    expect(expectProblem(wrong, 400, MSG.mfa.wrongPassword).errors).toEqual({
      password: MSG.mfa.wrongPassword,
    });
    expectProblem(await off({ code: await wrongCode(secret) }), 400, MSG.mfa.wrongCode);
    expect((await userRow(t.app, user.id)).totpEnabledAt).toBeInstanceOf(Date);

    const res = await off({ password: user.password });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().user).toMatchObject({ mfaEnabled: false });
    const row = await userRow(t.app, user.id);
    expect([row.totpSecret, row.totpEnabledAt, row.totpPendingSecret, row.totpLastStep]).toEqual([
      null,
      null,
      null,
      null,
    ]);
    expect(
      await t.app.db.select().from(mfaRecoveryCodes).where(eq(mfaRecoveryCodes.userId, user.id)),
    ).toEqual([]);
    expect(await me(t.app, await signIn(t.app, user))).toMatchObject({ id: user.id, mfaEnabled: false });
    expectProblem(await off({ password: user.password }), 409, MSG.mfa.notEnabled);
  });

  it("accepts a current code instead of the password", async () => {
    const { user, cookie, secret } = await signedInUserWithMfa(t.app);
    const res = await call(t.app, {
      method: "POST",
      url: "/api/auth/mfa/disable",
      cookie,
      payload: { code: await totpCode(secret, 1) },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect((await userRow(t.app, user.id)).totpEnabledAt).toBeNull();
  });
});

describe("a secret sealed under another SESSION_SECRET", () => {
  it("answers a problem naming the operator's reset, not a bare 500, at every step that opens it", async () => {
    const { user, cookie } = await signedInUser(t.app);
    const setup = await call(t.app, { method: "POST", url: "/api/auth/mfa/setup", cookie });
    const { secret } = setup.json();
    const foreign = mfaKeys("an-older-session-secret-of-at-least-32-chars").box.seal(secret, user.id);
    await t.app.db.update(users).set({ totpPendingSecret: foreign }).where(eq(users.id, user.id));
    const confirm = await call(t.app, {
      method: "POST",
      url: "/api/auth/mfa/confirm",
      cookie,
      payload: { code: await totpCode(secret), password: user.password },
    });
    expectProblem(confirm, 500, MSG.mfa.secretUnreadable);

    await t.app.db
      .update(users)
      .set({ totpSecret: foreign, totpPendingSecret: null, totpEnabledAt: new Date() })
      .where(eq(users.id, user.id));
    expectProblem(
      await signInWithCode(t.app, user, () => totpCode(secret, 1)),
      500,
      MSG.mfa.secretUnreadable,
    );
    const off = await call(t.app, {
      method: "POST",
      url: "/api/auth/mfa/disable",
      cookie,
      payload: { code: await totpCode(secret, 1) },
    });
    expectProblem(off, 500, MSG.mfa.secretUnreadable);
  });
});
