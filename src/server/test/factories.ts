import { randomBytes, randomInt } from "node:crypto";
import type { FastifyInstance } from "fastify";
import sharp from "sharp";
import { listingPhotos, listings } from "#server/db/schema.ts";
import { createUser } from "#server/features/auth/service.ts";
import { catalogueEntry } from "#server/features/listings/catalogue.ts";
import { saveImage } from "#server/images/store.ts";
import type { Role } from "#shared/schemas/auth.ts";
import type { Order } from "#shared/schemas/orders.ts";
import { call, multipart, sessionCookie } from "./app.ts";

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

/** A client address of its own (10.x.y.z), so per-address limits start from zero for it. */
export function randomIp(): string {
  return `10.${randomInt(256)}.${randomInt(256)}.${randomInt(1, 255)}`;
}

export type Upload = { data: Buffer; filename: string; type?: string };

/** These bytes as a form's file part sent as a JPEG (whatever they really are). */
export function jpegPart(data: Buffer, filename = "bike.jpg"): Upload {
  return { data, filename, type: "image/jpeg" };
}

/** A small real JPEG as a form's file part. */
async function jpegUpload(filename = "me.jpg"): Promise<Upload> {
  return jpegPart(await jpeg(), filename);
}

type FormFields = Record<string, string | Upload | undefined>;

/** A complete, valid sign-up form; `fields` replace (or, as undefined, remove) its parts. */
export async function signupForm(fields: FormFields = {}) {
  return multipart({
    name: "Karim Uddin",
    email: uniqueEmail("signup"),
    role: "buyer",
    password: STRONG_PASSWORD,
    photo: await jpegUpload(),
    ...fields,
  });
}

/** The text fields of a listing the API accepts, as the Add Product form sends them. */
const VALID_LISTING = {
  model: "Yamaha FZS V3",
  engineCc: "149",
  category: "sports",
  brand: "Yamaha",
  brandNewPrice: "245000",
  askingPrice: "180000",
  totalUsed: "2 years",
  year: "2021",
  kmRun: "18500",
  district: "dhaka",
  hasRegistration: "true",
};

/** A form's fields where a list repeats its name once per item (a listing's `photo` parts). */
type RepeatedFormFields = Record<string, string | Upload | Upload[] | undefined>;

/** `multipart` with repeated parts: each item of a list is appended under the same name, in order. */
async function multipartRepeated(fields: RepeatedFormFields) {
  const form = new FormData();
  for (const [key, value] of Object.entries(fields)) {
    for (const v of value === undefined ? [] : Array.isArray(value) ? value : [value]) {
      if (typeof v === "string") form.append(key, v);
      else
        form.append(
          key,
          new Blob([new Uint8Array(v.data)], { type: v.type ?? "application/octet-stream" }),
          v.filename,
        );
    }
  }
  const res = new Response(form);
  return {
    payload: Buffer.from(await res.arrayBuffer()),
    headers: { "content-type": res.headers.get("content-type")! },
  };
}

/**
 * A complete, valid Add Product form with its photo; `fields` replace (or, as undefined, remove) its
 * parts; `photo` may be a list (each sent as its own `photo` part, the first is the cover).
 */
export async function listingForm(fields: RepeatedFormFields = {}) {
  return multipartRepeated({ ...VALID_LISTING, photo: await jpegUpload("bike.jpg"), ...fields });
}

/** Photos made so far by jpegParts: each new one is a pixel wider, so no two are the same image. */
let partsMade = 0;

/** `n` small JPEGs as file parts, each a different picture (so each is stored as its own image). */
export async function jpegParts(n: number): Promise<Upload[]> {
  return Promise.all(
    Array.from({ length: n }, async (_, i) => {
      partsMade++;
      return jpegPart(await jpeg(48 + partsMade, 32, "#0d9488"), `bike-${i + 1}.jpg`);
    }),
  );
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
  const brand = overrides.brand ?? "Bajaj";
  const model = overrides.model ?? "Bajaj Pulsar 150";
  const [row] = await app.db
    .insert(listings)
    .values({
      categorySlug: "commuter",
      model,
      brand,
      engineCc: 150,
      brandNewPrice: 200_000,
      askingPrice: 150_000,
      totalUsed: "2 years",
      modelKey: await catalogueEntry(app.db, brand, model),
      year: 2021,
      kmRun: 18_000,
      districtSlug: "dhaka",
      hasRegistration: true,
      photoKey: await listingPhotoKey(app),
      ...overrides,
      sellerId,
    })
    .returning();
  await app.db.insert(listingPhotos).values({ listingId: row!.id, position: 0, imageKey: row!.photoKey });
  return row!;
}

/**
 * Books the listing through the API as the buyer with this session; throws unless it is booked.
 * `fields` replace the booking form's phone or meeting place.
 */
export async function bookOrder(
  app: FastifyInstance,
  buyerCookie: string,
  listingId: string,
  fields: { phone?: string; meetingLocation?: string } = {},
): Promise<Order> {
  const res = await call(app, {
    method: "POST",
    url: "/api/orders",
    cookie: buyerCookie,
    payload: { listingId, phone: "01711-000000", meetingLocation: "Gulshan 1", ...fields },
  });
  if (res.statusCode !== 201) throw new Error(`booking failed: ${res.statusCode} ${res.body}`);
  return res.json().order;
}
