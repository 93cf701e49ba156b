import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { mfaRecoveryCodes, users } from "#server/db/schema.ts";
import { call, expectProblem, setupTestApp } from "#server/test/app.ts";
import { me, userRow } from "#server/test/auth.ts";
import { signedInUser } from "#server/test/factories.ts";
import { totpCode, wrongCode } from "#server/test/mfa.ts";
import { MSG } from "#shared/messages.ts";

const t = setupTestApp();

describe("turning two-step sign-in on", () => {
  it("offers a secret as a QR code and as text, kept encrypted until a code from it confirms", async () => {
    const { user, cookie } = await signedInUser(t.app);
    const res = await call(t.app, { method: "POST", url: "/api/auth/mfa/setup", cookie });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers["cache-control"]).toBe("no-store");
    const { secret, uri, qrCode } = res.json();
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(uri).toBe(
      `otpauth://totp/MotoHaat:${encodeURIComponent(user.email)}?secret=${secret}&issuer=MotoHaat`,
    );
    expect(qrCode).toMatch(/^data:image\/svg\+xml;base64,/);
    expect(Buffer.from(qrCode.split(",")[1], "base64").toString()).toContain("<svg");

    const pending = await userRow(t.app, user.id);
    expect(pending.totpPendingSecret).toMatch(/^v1\./);
    expect(pending.totpPendingSecret).not.toContain(secret);
    expect(pending.totpSecret).toBeNull();
    expect(pending.totpEnabledAt).toBeNull();
    expect(await me(t.app, cookie)).toMatchObject({ mfaEnabled: false, mfaRequired: false });
  });

  it("refuses a wrong code and leaves the factor off", async () => {
    const { user, cookie } = await signedInUser(t.app);
    const setup = await call(t.app, { method: "POST", url: "/api/auth/mfa/setup", cookie });
    const { secret } = setup.json();
    const res = await call(t.app, {
      method: "POST",
      url: "/api/auth/mfa/confirm",
      cookie,
      payload: { code: await wrongCode(secret), password: user.password },
    });
    expect(expectProblem(res, 400, MSG.mfa.wrongCode).errors).toEqual({ code: MSG.mfa.wrongCode });
    const notDigits = await call(t.app, {
      method: "POST",
      url: "/api/auth/mfa/confirm",
      cookie,
      payload: { code: "12ab56", password: user.password },
    });
    expectProblem(notDigits, 400, MSG.mfa.codeFormat);
    expect((await userRow(t.app, user.id)).totpEnabledAt).toBeNull();
  });

  it("turns on with a code, answers ten readable recovery codes once and keeps only their HMAC", async () => {
    const { user, cookie } = await signedInUser(t.app);
    const setup = await call(t.app, { method: "POST", url: "/api/auth/mfa/setup", cookie });
    const { secret } = setup.json();
    const code = await totpCode(secret);
    const res = await call(t.app, {
      method: "POST",
      url: "/api/auth/mfa/confirm",
      cookie,
      // As an app shows it: "123 456".
      payload: { code: `${code.slice(0, 3)} ${code.slice(3)}`, password: user.password },
    });
    expect(res.statusCode, res.body).toBe(200);
    const { recoveryCodes, user: dto } = res.json();
    expect(dto).toMatchObject({ mfaEnabled: true });
    expect(recoveryCodes).toHaveLength(10);
    expect(new Set(recoveryCodes).size).toBe(10);
    for (const c of recoveryCodes) expect(c).toMatch(/^[2-9a-hjkmnp-z]{4}-[2-9a-hjkmnp-z]{4}$/);

    const row = await userRow(t.app, user.id);
    expect(row.totpEnabledAt).toBeInstanceOf(Date);
    expect(row.totpPendingSecret).toBeNull();
    expect(row.totpSecret).toMatch(/^v1\./);
    expect(row.totpSecret).not.toContain(secret);
    const stored = await t.app.db.select().from(mfaRecoveryCodes).where(eq(mfaRecoveryCodes.userId, user.id));
    expect(stored).toHaveLength(10);
    for (const s of stored) expect(recoveryCodes).not.toContain(s.codeHash);
    expect(await me(t.app, cookie)).toMatchObject({ mfaEnabled: true });

    // Once on, a new start is refused (it would replace a working secret without proof).
    const again = await call(t.app, { method: "POST", url: "/api/auth/mfa/setup", cookie });
    expectProblem(again, 409, MSG.mfa.alreadyEnabled);
  });

  it("needs a start first, and a signed-in person", async () => {
    const { user, cookie } = await signedInUser(t.app);
    const res = await call(t.app, {
      method: "POST",
      url: "/api/auth/mfa/confirm",
      cookie,
      payload: { code: "123456", password: user.password },
    });
    expectProblem(res, 400, MSG.mfa.noEnrolment);
    expectProblem(await call(t.app, { method: "POST", url: "/api/auth/mfa/setup" }), 401);
  });
});

describe("proof at enrolment", () => {
  it("needs the account's password to turn the factor on: a session alone cannot", async () => {
    const { user, cookie } = await signedInUser(t.app);
    const setup = await call(t.app, { method: "POST", url: "/api/auth/mfa/setup", cookie });
    const { secret } = setup.json();
    const confirm = (payload: object) =>
      call(t.app, { method: "POST", url: "/api/auth/mfa/confirm", cookie, payload });
    expectProblem(await confirm({ code: await totpCode(secret) }), 400, MSG.mfa.passwordRequired);
    const wrong = await confirm({ code: await totpCode(secret), password: "Wr0ng!Pass" });
    expect(expectProblem(wrong, 400, MSG.mfa.wrongPassword).errors).toEqual({
      password: MSG.mfa.wrongPassword,
    });
    expect((await userRow(t.app, user.id)).totpEnabledAt).toBeNull();
    const right = await confirm({ code: await totpCode(secret), password: user.password });
    expect(right.statusCode, right.body).toBe(200);
  });

  it("sends an account without a password (Google only) to set one first", async () => {
    const { user, cookie } = await signedInUser(t.app);
    await t.app.db.update(users).set({ passwordHash: null }).where(eq(users.id, user.id));
    expectProblem(
      await call(t.app, { method: "POST", url: "/api/auth/mfa/setup", cookie }),
      400,
      MSG.mfa.noPassword,
    );
    expect((await userRow(t.app, user.id)).totpPendingSecret).toBeNull();
  });
});
