import fs from "node:fs/promises";
import path from "node:path";
import type { FastifyInstance } from "fastify";
import { simpleParser } from "mailparser";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { passwordResetTokens } from "#server/db/schema.ts";
import { call, createTestApp, expectProblem, sessionCookie, type TestApp } from "#server/test/app.ts";
import { canSignIn, me } from "#server/test/auth.ts";
import { buildUser, randomIp, signIn, uniqueEmail } from "#server/test/factories.ts";
import { type CaughtMail, type MailCatcher, startMailCatcher } from "#server/test/mail-catcher.ts";
import { MSG } from "#shared/messages.ts";
import { RESET_TOKEN_TTL_MS } from "./password-reset.ts";

const PUBLIC_URL = "http://motohaat.example:8080";
const NEW_PASSWORD = "N3w!Secret";

function requestReset(app: FastifyInstance, email: unknown, remoteAddress?: string) {
  return call(app, {
    method: "POST",
    url: "/api/auth/password-reset",
    payload: { email },
    ...(remoteAddress && { remoteAddress }),
  });
}

function confirmReset(app: FastifyInstance, payload: Record<string, unknown>) {
  return call(app, { method: "POST", url: "/api/auth/password-reset/confirm", payload });
}

/** The one reset link in a mail, as a person would click it. */
function linkIn(mail: Pick<CaughtMail, "text">): URL {
  const links = mail.text.match(/https?:\/\/\S+/g) ?? [];
  expect(links).toHaveLength(1);
  return new URL(links[0]!);
}

const tokenIn = (mail: Pick<CaughtMail, "text">) => linkIn(mail).searchParams.get("token")!;

describe("password reset by email, through a real SMTP server", () => {
  let smtp: MailCatcher;
  let t: TestApp;

  beforeAll(async () => {
    smtp = await startMailCatcher();
    t = await createTestApp({
      SMTP_URL: smtp.url,
      PUBLIC_URL,
      MAIL_FROM: "MotoHaat <help@motohaat.example>",
    });
  });
  afterAll(async () => {
    await t?.close();
    await smtp?.close();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  /** Asks for a reset as the user would and returns the mail they get. */
  async function resetMailFor(email: string, nth = 1): Promise<CaughtMail> {
    const res = await requestReset(t.app, email);
    expect(res.statusCode, res.body).toBe(202);
    return (await smtp.waitFor(email, nth))[nth - 1]!;
  }

  it.each([
    ["missing", undefined, MSG.signin.emailRequired],
    ["blank", "  ", MSG.signin.emailRequired],
    ["not an email", "karim.example.com", MSG.signup.emailInvalid],
  ])("400 with the field's message when the email is %s", async (_, email, message) => {
    const res = await requestReset(t.app, email);
    expect(expectProblem(res, 400, message).errors).toEqual({ email: message });
  });

  it("mails a one-hour link to PUBLIC_URL/reset-password; the new password signs in, the old one and old sessions stop working", async () => {
    const user = await buildUser(t.app, { name: "Farida <Begum>" });
    const oldCookie = await signIn(t.app, user);
    const otherDevice = await signIn(t.app, user);

    const res = await requestReset(t.app, `  ${user.email.toUpperCase()} `);
    expect(res.statusCode, res.body).toBe(202);
    expect(res.json()).toEqual({ message: MSG.passwordReset.emailSent });

    const [mail] = await smtp.waitFor(user.email);
    expect(mail!.from).toEqual({ name: "MotoHaat", address: "help@motohaat.example" });
    expect(mail!.subject).toBe("Reset your MotoHaat password");
    expect(mail!.text).toContain("Hello Farida <Begum>,");
    expect(mail!.html).toContain("Farida &#60;Begum&#62;");
    const link = linkIn(mail!);
    expect(`${link.origin}${link.pathname}`).toBe(`${PUBLIC_URL}/reset-password`);
    const token = tokenIn(mail!);
    // 32 random bytes, base64url; the database keeps only a keyed hash of it.
    expect(token).toMatch(/^[\w-]{43}$/);
    expect(mail!.html).toContain(`href="${link.href}"`);
    const stored = await t.app.db.select().from(passwordResetTokens);
    expect(stored.map((r) => r.id)).not.toContain(token);

    const confirmed = await confirmReset(t.app, { token, password: NEW_PASSWORD });
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    expect(confirmed.json().user).toMatchObject({ id: user.id, email: user.email });
    const newCookie = sessionCookie(confirmed);
    expect(await me(t.app, newCookie)).toMatchObject({ id: user.id });

    for (const cookie of [oldCookie, otherDevice]) {
      const stale = await call(t.app, { method: "GET", url: "/api/auth/me", cookie });
      expect(stale.json()).toEqual({ user: null });
      const guarded = await call(t.app, {
        method: "PATCH",
        url: "/api/auth/me",
        cookie,
        payload: { name: "X" },
      });
      expectProblem(guarded, 401, MSG.auth.notSignedIn);
    }
    expect(await canSignIn(t.app, user.email, NEW_PASSWORD)).toBe(true);
    expect(await canSignIn(t.app, user.email, user.password)).toBe(false);

    const again = await confirmReset(t.app, { token, password: "An0ther!Pass" });
    expect(expectProblem(again, 400, MSG.passwordReset.linkInvalid).errors).toEqual({
      token: MSG.passwordReset.linkInvalid,
    });
    expect(await canSignIn(t.app, user.email, NEW_PASSWORD)).toBe(true);
  });

  it("mails in the account's chosen language, else in the language the request asked in", async () => {
    const chose = await buildUser(t.app, { name: "Farida Begum" });
    const cookie = await signIn(t.app, chose);
    const res = await call(t.app, {
      method: "PUT",
      url: "/api/language",
      cookie,
      payload: { language: "bn" },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect((await requestReset(t.app, chose.email, randomIp())).statusCode).toBe(202);
    const [bangla] = await smtp.waitFor(chose.email);
    expect(bangla!.subject).toBe("আপনার MotoHaat পাসওয়ার্ড রিসেট করুন");
    expect(bangla!.text).toContain("প্রিয় Farida Begum,");
    expect(bangla!.text).toContain("১ ঘণ্টার মধ্যে এই লিংকটি খুলুন:");
    expect(linkIn(bangla!).pathname).toBe("/reset-password");

    // No choice saved: the asking browser's language decides.
    const asked = await buildUser(t.app, { name: "Rafiq" });
    const viaBrowser = await call(t.app, {
      method: "POST",
      url: "/api/auth/password-reset",
      payload: { email: asked.email },
      headers: { "accept-language": "bn-BD,bn;q=0.9" },
      remoteAddress: randomIp(),
    });
    expect(viaBrowser.statusCode, viaBrowser.body).toBe(202);
    const [mail] = await smtp.waitFor(asked.email);
    expect(mail!.subject).toBe("আপনার MotoHaat পাসওয়ার্ড রিসেট করুন");
    // And in English for an English request, word for word as before.
    const karim = await buildUser(t.app, { name: "Karim" });
    expect((await requestReset(t.app, karim.email, randomIp())).statusCode).toBe(202);
    const [english] = await smtp.waitFor(karim.email);
    expect(english!.subject).toBe(MSG.passwordReset.emailSubject);
    expect(english!.text).toContain(`${MSG.passwordReset.emailAsked}\n${MSG.passwordReset.emailOpenWithin}`);
  });

  it("applies the sign-up password rules, and a refused password leaves the link usable", async () => {
    const user = await buildUser(t.app);
    const token = tokenIn(await resetMailFor(user.email));
    for (const [password, message] of [
      ["", MSG.signup.passwordRequired],
      ["Ab1!x", MSG.signup.passwordTooShort],
      ["abcdefg1!", MSG.signup.passwordWeak],
    ] as const) {
      const res = await confirmReset(t.app, { token, password });
      expect(expectProblem(res, 400, message).errors).toEqual({ password: message });
      expect(res.cookies).toHaveLength(0);
    }
    expect((await confirmReset(t.app, { token, password: NEW_PASSWORD })).statusCode).toBe(200);
  });

  it("refuses a made-up or missing token with a message that says what to do", async () => {
    const made = await confirmReset(t.app, { token: "x".repeat(43), password: NEW_PASSWORD });
    expectProblem(made, 400, MSG.passwordReset.linkInvalid);
    const missing = await confirmReset(t.app, { password: NEW_PASSWORD });
    expect(expectProblem(missing, 400, MSG.passwordReset.linkMissing).errors).toEqual({
      token: MSG.passwordReset.linkMissing,
    });
  });

  it("a link asked for over an hour ago has expired; one from 59 minutes ago still works", async () => {
    const user = await buildUser(t.app);
    const now = Date.now();
    // Only Date moves: the link is made "in the past", then the clock is back to now when it is used.
    vi.useFakeTimers({ toFake: ["Date"], now: now - RESET_TOKEN_TTL_MS - 60_000 });
    const expired = tokenIn(await resetMailFor(user.email, 1));
    vi.setSystemTime(now - RESET_TOKEN_TTL_MS + 60_000);
    const fresh = tokenIn(await resetMailFor(user.email, 2));
    vi.useRealTimers();

    expectProblem(
      await confirmReset(t.app, { token: expired, password: NEW_PASSWORD }),
      400,
      MSG.passwordReset.linkInvalid,
    );
    expect(await canSignIn(t.app, user.email, user.password)).toBe(true);
    expect((await confirmReset(t.app, { token: fresh, password: NEW_PASSWORD })).statusCode).toBe(200);
  });

  it("a second request does not void the first link, but using either voids the other", async () => {
    const user = await buildUser(t.app);
    const first = tokenIn(await resetMailFor(user.email, 1));
    const second = tokenIn(await resetMailFor(user.email, 2));
    expect(second).not.toBe(first);
    expect((await confirmReset(t.app, { token: first, password: NEW_PASSWORD })).statusCode).toBe(200);
    expectProblem(
      await confirmReset(t.app, { token: second, password: "An0ther!Pass" }),
      400,
      MSG.passwordReset.linkInvalid,
    );
  });

  it("answers an unknown address exactly as a known one, and mails nobody", async () => {
    const known = await buildUser(t.app);
    const unknown = uniqueEmail("nobody");
    const before = smtp.messages.length;
    const [a, b] = [await requestReset(t.app, known.email), await requestReset(t.app, unknown)];
    expect(b.statusCode).toBe(a.statusCode);
    expect(b.body).toBe(a.body);
    expect(b.headers["content-type"]).toBe(a.headers["content-type"]);
    await smtp.waitFor(known.email);
    await t.app.background.idle();
    expect(smtp.messages.slice(before).map((m) => m.to)).toEqual([[known.email]]);
  });

  it("answers before the mail is handed over, so the timing says nothing about the address", async () => {
    const user = await buildUser(t.app);
    const release = smtp.hold();
    try {
      // Were the answer waiting for the SMTP server, this would never come back while the server holds.
      const res = await requestReset(t.app, user.email);
      expect(res.statusCode).toBe(202);
    } finally {
      release();
    }
    await smtp.waitFor(user.email);
  });
});

describe("password reset rate limits (3 a minute)", () => {
  let smtp: MailCatcher;
  let t: TestApp;
  beforeAll(async () => {
    smtp = await startMailCatcher();
    t = await createTestApp({ SMTP_URL: smtp.url, RATE_LIMIT_AUTH_MAX: "3" });
  });
  afterAll(async () => {
    await t?.close();
    await smtp?.close();
  });

  function expectLimited(res: Awaited<ReturnType<typeof requestReset>>) {
    expect(expectProblem(res, 429).detail).toContain(MSG.auth.tooManyAttempts);
    const retryAfter = Number(res.headers["retry-after"]);
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(60);
  }

  it("the 4th request for one address is refused, from any IP, and no 4th mail goes out", async () => {
    const user = await buildUser(t.app);
    for (let i = 0; i < 3; i++)
      expect((await requestReset(t.app, user.email, randomIp())).statusCode).toBe(202);
    expectLimited(await requestReset(t.app, user.email.toUpperCase(), randomIp()));
    await t.app.background.idle();
    expect(await smtp.waitFor(user.email, 3)).toHaveLength(3);
    const other = await requestReset(t.app, uniqueEmail("other"), randomIp());
    expect(other.statusCode).toBe(202);
  });

  it("the 4th request or token guess from one IP is refused", async () => {
    const ip = randomIp();
    for (let i = 0; i < 2; i++)
      expect((await requestReset(t.app, uniqueEmail("spray"), ip)).statusCode).toBe(202);
    const guess = await call(t.app, {
      method: "POST",
      url: "/api/auth/password-reset/confirm",
      payload: { token: "guess", password: NEW_PASSWORD },
      remoteAddress: ip,
    });
    expectProblem(guess, 400, MSG.passwordReset.linkInvalid);
    expectLimited(await requestReset(t.app, uniqueEmail("spray"), ip));
    expect((await requestReset(t.app, uniqueEmail("spray"), randomIp())).statusCode).toBe(202);
  });
});

describe("password reset without SMTP_URL (development)", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ PUBLIC_URL });
  });
  afterAll(async () => {
    await t?.close();
  });

  it("writes the mail to DATA_DIR/outbox as an .eml file with a working link", async () => {
    const user = await buildUser(t.app);
    expect((await requestReset(t.app, user.email)).statusCode).toBe(202);
    await t.app.background.idle();
    const outbox = path.join(t.dataDir, "outbox");
    const files = await fs.readdir(outbox);
    expect(files).toHaveLength(1);
    expect(files[0]).toMatch(/^\d{4}-\d\d-\d\dT[\d-]+Z-[0-9a-f]{8}\.eml$/);
    const mail = await simpleParser(await fs.readFile(path.join(outbox, files[0]!)));
    expect(mail.to && "text" in mail.to ? mail.to.text : "").toBe(user.email);
    const token = tokenIn({ text: mail.text ?? "" });
    const res = await confirmReset(t.app, { token, password: NEW_PASSWORD });
    expect(res.statusCode, res.body).toBe(200);
    expect(await canSignIn(t.app, user.email, NEW_PASSWORD)).toBe(true);
  });
});
