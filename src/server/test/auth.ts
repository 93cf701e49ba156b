import { eq } from "drizzle-orm";
import type { FastifyInstance, LightMyRequestResponse } from "fastify";
import { expect } from "vitest";
import { users } from "#server/db/schema.ts";
import type { User } from "#shared/schemas/auth.ts";
import { call } from "./app.ts";
import { STRONG_PASSWORD, signupForm, type Upload } from "./factories.ts";

/** POST /api/auth/signup with a valid form; `fields` replace (or, as undefined, remove) its parts. */
export async function signup(
  app: FastifyInstance,
  fields: Record<string, string | Upload | undefined> = {},
  remoteAddress?: string,
) {
  const form = await signupForm(fields);
  return call(app, {
    method: "POST",
    url: "/api/auth/signup",
    ...form,
    ...(remoteAddress && { remoteAddress }),
  });
}

/** POST /api/auth/signin with this body, from `remoteAddress` and with `cookie` (a device cookie) when given. */
export function signin(
  app: FastifyInstance,
  payload: Record<string, unknown>,
  remoteAddress?: string,
  cookie?: string,
) {
  return call(app, {
    method: "POST",
    url: "/api/auth/signin",
    payload,
    cookie,
    ...(remoteAddress && { remoteAddress }),
  });
}

/** Who /api/auth/me says is signed in with this cookie (null: nobody). */
export async function me(app: FastifyInstance, cookie?: string): Promise<User | null> {
  const res = await call(app, { method: "GET", url: "/api/auth/me", cookie });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().user;
}

/** Whether anyone can sign in as this email with this password: what a client sees of an account. */
export async function canSignIn(app: FastifyInstance, email: string, password = STRONG_PASSWORD) {
  const res = await signin(app, { email, password });
  expect([200, 401], res.body).toContain(res.statusCode);
  return res.statusCode === 200;
}

/** The session cookie a response set or cleared (`__Host-mh_session` over https), if any. */
export function sessionCookieOf(res: LightMyRequestResponse) {
  return res.cookies.find((c) => c.name === "mh_session" || c.name === "__Host-mh_session");
}

/** The user's row as stored (password hash, second-factor columns): what no API answer shows. */
export async function userRow(app: FastifyInstance, id: string) {
  const [row] = await app.db.select().from(users).where(eq(users.id, id));
  return row!;
}
