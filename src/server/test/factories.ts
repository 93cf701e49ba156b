import { randomBytes } from "node:crypto";
import type { FastifyInstance } from "fastify";
import sharp from "sharp";
import { listings } from "#server/db/schema.ts";
import { createUser } from "#server/features/auth/service.ts";
import { saveImage } from "#server/images/store.ts";
import type { Role } from "#shared/schemas/auth.ts";
import { call, sessionCookie } from "./app.ts";

export const STRONG_PASSWORD = "Str0ng!Pass";

export function uniqueEmail(prefix = "user"): string {
  return `${prefix}-${randomBytes(5).toString("hex")}@example.test`;
}

/** A small real JPEG made in the test. */
export function jpeg(width = 64, height = 48, colour = "#e11d48"): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: colour } })
    .jpeg()
    .toBuffer();
}

export type TestUser = { id: string; email: string; name: string; role: Role; password: string };

/** A user written straight to the database; the test states only what it is about. */
export async function buildUser(
  app: FastifyInstance,
  overrides: Partial<Omit<TestUser, "id">> = {},
): Promise<TestUser> {
  const role = overrides.role ?? "buyer";
  const input = {
    name: overrides.name ?? `Test ${role}`,
    email: overrides.email ?? uniqueEmail(role),
    role,
    password: overrides.password ?? STRONG_PASSWORD,
  };
  const id = await createUser(app.db, input);
  return { id, ...input };
}

/** Signs a user in through the API and returns the Cookie header value. */
export async function signIn(
  app: FastifyInstance,
  user: Pick<TestUser, "email" | "password">,
): Promise<string> {
  const res = await call(app, {
    method: "POST",
    url: "/api/auth/signin",
    payload: { email: user.email, password: user.password },
  });
  if (res.statusCode !== 200) throw new Error(`sign-in failed: ${res.statusCode} ${res.body}`);
  return sessionCookie(res);
}

/** A user and their session cookie. */
export async function signedInUser(app: FastifyInstance, overrides: Partial<Omit<TestUser, "id">> = {}) {
  const user = await buildUser(app, overrides);
  return { user, cookie: await signIn(app, user) };
}

/** One real processed photo per app, shared by every listing buildListing writes. */
const listingPhotoKeys = new WeakMap<FastifyInstance, Promise<string>>();

function listingPhotoKey(app: FastifyInstance): Promise<string> {
  let key = listingPhotoKeys.get(app);
  if (!key) {
    key = jpeg(96, 64, "#0ea5e9").then(async (data) => (await saveImage(app.db, app.images, data)).key);
    listingPhotoKeys.set(app, key);
  }
  return key;
}

export type TestListing = typeof listings.$inferSelect;

/** A listing written straight to the database (volume without the upload pipeline); makes its seller if none is given. */
export async function buildListing(
  app: FastifyInstance,
  overrides: Partial<typeof listings.$inferInsert> = {},
): Promise<TestListing> {
  const sellerId = overrides.sellerId ?? (await buildUser(app, { role: "seller" })).id;
  const [row] = await app.db
    .insert(listings)
    .values({
      categorySlug: "commuter",
      model: "Bajaj Pulsar 150",
      brand: "Bajaj",
      engineCc: 150,
      brandNewPrice: 200_000,
      askingPrice: 150_000,
      totalUsed: "2 years",
      photoKey: await listingPhotoKey(app),
      ...overrides,
      sellerId,
    })
    .returning();
  return row!;
}
