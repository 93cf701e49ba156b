import type { FastifyInstance, LightMyRequestResponse } from "fastify";
import { generate } from "otplib";
import { expect } from "vitest";
import { call } from "./app.ts";
import { signedInUser, type TestUser } from "./factories.ts";

/** The code an authenticator app shows for `secret`, `steps` periods of 30 s from now. */
export function totpCode(secret: string, steps = 0): Promise<string> {
  return generate({ secret, epoch: Math.floor(Date.now() / 1000) + steps * 30 });
}

/** A 6-digit code that is none of the codes valid now (±1 step) for `secret`. */
export async function wrongCode(secret: string): Promise<string> {
  const valid = await Promise.all([-1, 0, 1].map((s) => totpCode(secret, s)));
  for (let n = 0; ; n++) {
    const candidate = String(n).padStart(6, "0");
    if (!valid.includes(candidate)) return candidate;
  }
}

/** Turns two-step sign-in on for the signed-in `cookie` (its account's `password`), as the profile page does. */
export async function enrolMfa(
  app: FastifyInstance,
  cookie: string,
  password: string,
): Promise<{ secret: string; recoveryCodes: string[] }> {
  const setup = await call(app, { method: "POST", url: "/api/auth/mfa/setup", cookie });
  expect(setup.statusCode, setup.body).toBe(200);
  const { secret } = setup.json() as { secret: string };
  const confirm = await call(app, {
    method: "POST",
    url: "/api/auth/mfa/confirm",
    cookie,
    payload: { code: await totpCode(secret), password },
  });
  expect(confirm.statusCode, confirm.body).toBe(200);
  return { secret, recoveryCodes: confirm.json().recoveryCodes };
}

/** A new signed-in user (of `overrides`' role) who has turned two-step sign-in on in that session. */
export async function signedInUserWithMfa(
  app: FastifyInstance,
  overrides: Partial<Omit<TestUser, "id">> = {},
) {
  const { user, cookie } = await signedInUser(app, overrides);
  return { user, cookie, ...(await enrolMfa(app, cookie, user.password)) };
}

/** The `name=value` of the pending second-factor cookie a sign-in answer set. */
export function pendingCookie(res: LightMyRequestResponse): string {
  const c = res.cookies.find((x) => x.name === "mh_mfa");
  if (!c?.value) throw new Error(`no pending MFA cookie in response ${res.statusCode}: ${res.body}`);
  return `mh_mfa=${c.value}`;
}

/** Sign-in's password step (an account with a second factor answers mfaRequired and a pending cookie). */
export function passwordStep(app: FastifyInstance, user: { email: string; password: string }) {
  return call(app, {
    method: "POST",
    url: "/api/auth/signin",
    payload: { email: user.email, password: user.password },
  });
}

/** Sign-in's code step with this pending cookie (`name=value`), or with none. */
export function codeStep(app: FastifyInstance, cookie: string | undefined, code: string) {
  return call(app, { method: "POST", url: "/api/auth/signin/mfa", cookie, payload: { code } });
}

/** Password step, then code step: the answer of the code step. */
export async function signInWithCode(
  app: FastifyInstance,
  user: { email: string; password: string },
  code: string | (() => Promise<string>),
): Promise<LightMyRequestResponse> {
  const first = await passwordStep(app, user);
  expect(first.statusCode, first.body).toBe(200);
  expect(first.json()).toEqual({ mfaRequired: true });
  return codeStep(app, pendingCookie(first), typeof code === "string" ? code : await code());
}
