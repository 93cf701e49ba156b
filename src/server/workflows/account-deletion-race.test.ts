import { Readable } from "node:stream";
import { eq } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { describe, expect, it } from "vitest";
import { listings, orders, reports, users } from "#server/db/schema.ts";
import { call, expectProblem, setupTestApp } from "#server/test/app.ts";
import { buildListing, listingForm, signedInUser } from "#server/test/factories.ts";
import { MSG } from "#shared/messages.ts";

const t = setupTestApp();

/**
 * A request body the test lets through when it chooses. `reading` settles when the server starts to
 * read it: the request has passed the sign-in check (an `onRequest` hook, before any body is read)
 * and waits for its body, as one sent a moment before `DELETE /api/me` would.
 */
function heldBody(body: Buffer) {
  let started!: () => void;
  const reading = new Promise<void>((resolve) => {
    started = resolve;
  });
  const stream = new Readable({
    read() {
      started();
    },
  });
  return {
    stream,
    reading,
    release() {
      stream.push(body);
      stream.push(null);
    },
  };
}

/** Sends the request, deletes the person's account once it has signed in, then lets its body go. */
async function sentWithDeletion(
  app: FastifyInstance,
  person: { cookie: string; user: { password: string } },
  req: { method: "POST" | "PATCH"; url: string; body: Buffer; contentType: string },
) {
  const body = heldBody(req.body);
  const pending = call(app, {
    method: req.method,
    url: req.url,
    cookie: person.cookie,
    payload: body.stream,
    headers: { "content-type": req.contentType },
  });
  await body.reading;
  const deleted = await call(app, {
    method: "DELETE",
    url: "/api/me",
    cookie: person.cookie,
    payload: { password: person.user.password },
  });
  expect(deleted.statusCode, deleted.body).toBe(204);
  body.release();
  return pending;
}

describe("a write sent with the account's deletion", () => {
  it("a seller's new bike: 401, and no bike for sale by 'Deleted account'", async () => {
    const seller = await signedInUser(t.app, { role: "seller" });
    const form = await listingForm({ model: "Race Ninja" });
    const res = await sentWithDeletion(t.app, seller, {
      method: "POST",
      url: "/api/listings",
      body: form.payload,
      contentType: form.headers["content-type"],
    });
    expectProblem(res, 401, MSG.auth.notSignedIn);
    expect(await t.app.db.select().from(listings).where(eq(listings.sellerId, seller.user.id))).toEqual([]);
    const search = await call(t.app, { method: "GET", url: "/api/listings?category=all&q=Race%20Ninja" });
    expect(search.json().items).toEqual([]);
  });

  it("a buyer's booking: 401, the bike still for sale and no phone given to the seller", async () => {
    const buyer = await signedInUser(t.app, { role: "buyer" });
    const bike = await buildListing(t.app);
    const res = await sentWithDeletion(t.app, buyer, {
      method: "POST",
      url: "/api/orders",
      body: Buffer.from(
        JSON.stringify({ listingId: bike.id, phone: "01711-000000", meetingLocation: "Mirpur 10, Dhaka" }),
      ),
      contentType: "application/json",
    });
    expectProblem(res, 401, MSG.auth.notSignedIn);
    expect(await t.app.db.select().from(orders).where(eq(orders.buyerId, buyer.user.id))).toEqual([]);
    const page = await call(t.app, { method: "GET", url: `/api/listings/${bike.id}` });
    expect(page.json().listing.status).toBe("available");
  });

  it("a profile change: 401, and the deleted row keeps no new name", async () => {
    const buyer = await signedInUser(t.app, { role: "buyer" });
    const res = await sentWithDeletion(t.app, buyer, {
      method: "PATCH",
      url: "/api/auth/me",
      body: Buffer.from(JSON.stringify({ name: "Still Here" })),
      contentType: "application/json",
    });
    expectProblem(res, 401, MSG.auth.notSignedIn);
    const [row] = await t.app.db.select({ name: users.name }).from(users).where(eq(users.id, buyer.user.id));
    expect(row?.name).toBe(MSG.account.deletedName);
  });

  it("a password change: 401, and the deleted row gets no password back", async () => {
    const buyer = await signedInUser(t.app, { role: "buyer" });
    const res = await sentWithDeletion(t.app, buyer, {
      method: "POST",
      url: "/api/auth/password",
      body: Buffer.from(
        JSON.stringify({ currentPassword: buyer.user.password, newPassword: "N3w!Stronger#Pass" }),
      ),
      contentType: "application/json",
    });
    expectProblem(res, 401, MSG.auth.notSignedIn);
    const [row] = await t.app.db
      .select({ passwordHash: users.passwordHash })
      .from(users)
      .where(eq(users.id, buyer.user.id));
    expect(row?.passwordHash).toBeNull();
  });

  it("a report: 401, and no report by 'Deleted account' in the admins' queue", async () => {
    const buyer = await signedInUser(t.app, { role: "buyer" });
    const bike = await buildListing(t.app);
    const res = await sentWithDeletion(t.app, buyer, {
      method: "POST",
      url: `/api/listings/${bike.id}/reports`,
      body: Buffer.from(JSON.stringify({ reason: "The photos are of another bike" })),
      contentType: "application/json",
    });
    expectProblem(res, 401, MSG.auth.notSignedIn);
    expect(await t.app.db.select().from(reports).where(eq(reports.listingId, bike.id))).toEqual([]);
  });
});
