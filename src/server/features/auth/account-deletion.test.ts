import { eq } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { describe, expect, it } from "vitest";
import { listings, orders, payoutAccounts, sessions, users } from "#server/db/schema.ts";
import { card, GOOD_CARD, openIntent } from "#server/features/payments/testing.ts";
import { call, expectProblem, sessionCookie, setupTestApp } from "#server/test/app.ts";
import { canSignIn, me, sessionCookieOf, signin, signup, userRow } from "#server/test/auth.ts";
import { bookOrder, buildListing, buildUser, signedInUser } from "#server/test/factories.ts";
import { MSG } from "#shared/messages.ts";
import { MONEY_MSG } from "#shared/money-messages.ts";

const t = setupTestApp();

function deleteMe(app: FastifyInstance, cookie: string | undefined, payload: Record<string, unknown>) {
  return call(app, { method: "DELETE", url: "/api/me", cookie, payload });
}

async function pay(app: FastifyInstance, cookie: string, orderId: string) {
  const intent = await openIntent(app, cookie, orderId);
  const res = await call(app, {
    method: "POST",
    url: "/api/payments/confirm",
    cookie,
    payload: { intentId: intent.intentId, clientSecret: intent.clientSecret, card: card(GOOD_CARD) },
  });
  expect(res.statusCode, res.body).toBe(200);
}

const listingStatus = async (app: FastifyInstance, id: string) =>
  (await call(app, { method: "GET", url: `/api/listings/${id}` })).json().listing?.status;

// The last-admin rule counts every admin of the database: these run first, on a database whose only
// admins are the ones they make.
describe("an admin deleting their account", () => {
  it("is refused to the last admin (409), and allowed once another admin exists", async () => {
    const first = await signedInUser(t.app, { role: "admin" });
    expectProblem(
      await deleteMe(t.app, first.cookie, { password: first.user.password }),
      409,
      MSG.account.lastAdmin,
    );
    expect(await canSignIn(t.app, first.user.email, first.user.password)).toBe(true);

    await buildUser(t.app, { role: "admin" });
    const res = await deleteMe(t.app, first.cookie, { password: first.user.password });
    expect(res.statusCode, res.body).toBe(204);
    expect(await canSignIn(t.app, first.user.email, first.user.password)).toBe(false);
  });
});

describe("DELETE /api/me", () => {
  it("answers 401 without a session", async () => {
    expectProblem(await deleteMe(t.app, undefined, { password: "x" }), 401);
  });

  it("asks for the right password and changes nothing without it", async () => {
    const { user, cookie } = await signedInUser(t.app, { role: "buyer" });
    const missing = expectProblem(await deleteMe(t.app, cookie, {}), 400, MSG.account.deletePasswordRequired);
    expect(missing.errors).toEqual({ password: MSG.account.deletePasswordRequired });
    const wrong = expectProblem(
      await deleteMe(t.app, cookie, { password: "Not!ThePassword1" }),
      400,
      MSG.account.deletePasswordWrong,
    );
    expect(wrong.errors).toEqual({ password: MSG.account.deletePasswordWrong });
    // Typing DELETE is for accounts without a password: it does not replace this one's.
    expectProblem(
      await deleteMe(t.app, cookie, { confirm: "DELETE" }),
      400,
      MSG.account.deletePasswordRequired,
    );

    expect(await me(t.app, cookie)).toMatchObject({ id: user.id, name: user.name });
    expect(await canSignIn(t.app, user.email, user.password)).toBe(true);
  });

  it("asks an account without a password (Google only) to type DELETE", async () => {
    const { user, cookie } = await signedInUser(t.app, { role: "buyer" });
    await t.app.db
      .update(users)
      .set({ passwordHash: null, googleSub: `google-${user.id}` })
      .where(eq(users.id, user.id));

    const wrong = expectProblem(
      await deleteMe(t.app, cookie, { confirm: "delete" }),
      400,
      MSG.account.deleteWordRequired,
    );
    expect(wrong.errors).toEqual({ confirm: MSG.account.deleteWordRequired });
    expect((await me(t.app, cookie))?.id).toBe(user.id);

    expect((await deleteMe(t.app, cookie, { confirm: "DELETE" })).statusCode).toBe(204);
    const row = await userRow(t.app, user.id);
    expect(row.googleSub).toBeNull();
  });

  it("refuses the shared demo accounts (403): anyone may sign in to them", async () => {
    const demo = await signedInUser(t.app, { role: "buyer", email: "buyer@motohaat.test" });
    expectProblem(
      await deleteMe(t.app, demo.cookie, { password: demo.user.password }),
      403,
      MSG.account.demoNotDeletable,
    );
    expect(await canSignIn(t.app, demo.user.email, demo.user.password)).toBe(true);
  });

  it("a buyer: their unpaid booking is cancelled and the bike for sale again; a paid order stays readable by its seller; signed out for good", async () => {
    const seller = await signedInUser(t.app, { role: "seller" });
    const buyer = await signedInUser(t.app, { role: "buyer", name: "Leaving Buyer" });
    const otherDevice = await signedInUser(t.app, { role: "buyer" });
    const heldBike = await buildListing(t.app, { sellerId: seller.user.id, model: "Held Hornet" });
    const paidBike = await buildListing(t.app, { sellerId: seller.user.id, model: "Paid Pulsar" });
    const held = await bookOrder(t.app, buyer.cookie, heldBike.id, { phone: "01711-123456" });
    const paid = await bookOrder(t.app, buyer.cookie, paidBike.id, {
      phone: "01811-654321",
      meetingLocation: "Agrabad, Chattogram",
    });
    await pay(t.app, buyer.cookie, paid.id);
    // A second session of the same person (another phone) ends too.
    const secondSession = sessionCookie(
      await signin(t.app, { email: buyer.user.email, password: buyer.user.password }),
    );
    expect(await me(t.app, secondSession)).not.toBeNull();

    const res = await deleteMe(t.app, buyer.cookie, { password: buyer.user.password });
    expect(res.statusCode, res.body).toBe(204);
    // The cookie is cleared, the session is gone (the old cookie is refused), and nobody can sign in.
    expect(sessionCookieOf(res)?.value).toBe("");
    expect(
      (await call(t.app, { method: "GET", url: "/api/me/overview", cookie: buyer.cookie })).statusCode,
    ).toBe(401);
    expect(await me(t.app, buyer.cookie)).toBeNull();
    expect(await me(t.app, secondSession)).toBeNull();
    expect(await t.app.db.select().from(sessions).where(eq(sessions.userId, buyer.user.id))).toEqual([]);
    expect(await canSignIn(t.app, buyer.user.email, buyer.user.password)).toBe(false);

    // The held bike is for sale again, and another buyer can book it.
    expect(await listingStatus(t.app, heldBike.id)).toBe("available");
    const [heldRow] = await t.app.db.select().from(orders).where(eq(orders.id, held.id));
    expect(heldRow).toMatchObject({ status: "cancelled", phone: "" });
    await bookOrder(t.app, otherDevice.cookie, heldBike.id);

    // The seller still has the paid order: bike, price, place and phone, under the name "Deleted account".
    const buyers = await call(t.app, { method: "GET", url: "/api/me/buyers", cookie: seller.cookie });
    expect(buyers.statusCode, buyers.body).toBe(200);
    const paidItem = buyers.json().items.find((i: { id: string }) => i.id === paid.id);
    expect(paidItem).toMatchObject({
      status: "paid",
      price: paidBike.askingPrice,
      meetingLocation: "Agrabad, Chattogram",
      listing: { id: paidBike.id },
      buyer: { name: MSG.account.deletedName, photo: null, phone: "+8801811654321" },
    });
    // The placeholder left on the account is no address: none is shown.
    expect(paidItem.buyer.email).toBeNull();
    expect(await listingStatus(t.app, paidBike.id)).toBe("sold");

    // Nothing of the person is kept on the account; the address is free for a new account.
    const row = await userRow(t.app, buyer.user.id);
    expect(row).toMatchObject({
      name: MSG.account.deletedName,
      passwordHash: null,
      photoKey: null,
      googleSub: null,
      totpSecret: null,
      totpEnabledAt: null,
    });
    expect(row.email).not.toContain(buyer.user.email.split("@")[0]!);
    const again = await signup(t.app, { name: "Back Again", email: buyer.user.email });
    expect(again.statusCode, again.body).toBe(201);
  });

  it("a seller: their bikes leave the market, an unpaid booking of one is released, a paid order stays readable by its buyer", async () => {
    const seller = await signedInUser(t.app, { role: "seller", name: "Leaving Seller" });
    const buyer = await signedInUser(t.app, { role: "buyer" });
    const unbooked = await buildListing(t.app, { sellerId: seller.user.id, advertised: true });
    const heldBike = await buildListing(t.app, { sellerId: seller.user.id });
    const paidBike = await buildListing(t.app, { sellerId: seller.user.id });
    const held = await bookOrder(t.app, buyer.cookie, heldBike.id);
    const paid = await bookOrder(t.app, buyer.cookie, paidBike.id, { meetingLocation: "Mirpur 10, Dhaka" });
    await pay(t.app, buyer.cookie, paid.id);
    const search = async () =>
      (await call(t.app, { method: "GET", url: `/api/listings?seller=${seller.user.id}` })).json().items;
    // Search shows what is for sale: the bike nobody booked.
    expect(await search()).toEqual([expect.objectContaining({ id: unbooked.id })]);

    // MotoHaat holds the paid bike's money: nobody could be paid it, so the account stays (decision 028).
    expectProblem(
      await deleteMe(t.app, seller.cookie, { password: seller.user.password }),
      409,
      MONEY_MSG.payouts.deleteWhileOwed,
    );
    expect(await search()).toEqual([expect.objectContaining({ id: unbooked.id })]);
    // Handed over, it is owed; paid out, nothing is left and the account may go.
    const confirmed = await call(t.app, {
      method: "POST",
      url: `/api/orders/${paid.id}/handover`,
      cookie: buyer.cookie,
    });
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    expectProblem(
      await deleteMe(t.app, seller.cookie, { password: seller.user.password }),
      409,
      MONEY_MSG.payouts.deleteWhileOwed,
    );
    await call(t.app, {
      method: "PUT",
      url: "/api/me/payout-details",
      cookie: seller.cookie,
      payload: { method: "nagad", walletNumber: "01812-345678" },
    });
    const admin = await signedInUser(t.app, { role: "admin" });
    const payout = await call(t.app, {
      method: "POST",
      url: "/api/admin/payouts",
      cookie: admin.cookie,
      payload: { sellerId: seller.user.id, amount: paidBike.askingPrice, reference: "NGD-1" },
    });
    expect(payout.statusCode, payout.body).toBe(201);

    const res = await deleteMe(t.app, seller.cookie, { password: seller.user.password });
    expect(res.statusCode, res.body).toBe(204);
    // Where they were paid goes with them.
    expect(
      await t.app.db.select().from(payoutAccounts).where(eq(payoutAccounts.sellerId, seller.user.id)),
    ).toEqual([]);

    // Gone from search, from the bike's page and from the advertised bikes; the seller's page too.
    expect(await search()).toEqual([]);
    for (const id of [unbooked.id, heldBike.id, paidBike.id]) {
      expect((await call(t.app, { method: "GET", url: `/api/listings/${id}` })).statusCode).toBe(404);
    }
    const advertised = await call(t.app, { method: "GET", url: "/api/listings/advertised" });
    expect(advertised.json().items.map((l: { id: string }) => l.id)).not.toContain(unbooked.id);
    expect((await call(t.app, { method: "GET", url: `/api/sellers/${seller.user.id}` })).statusCode).toBe(
      404,
    );
    // A bike nobody booked is deleted outright; the others stay, hidden, for their orders.
    expect(await t.app.db.select().from(listings).where(eq(listings.id, unbooked.id))).toEqual([]);

    // The buyer's unpaid booking is released; the paid one is still theirs, with its place and price.
    const heldNow = await call(t.app, { method: "GET", url: `/api/orders/${held.id}`, cookie: buyer.cookie });
    expect(heldNow.json().order).toMatchObject({ status: "released", holdUntil: null });
    const paidNow = await call(t.app, { method: "GET", url: `/api/orders/${paid.id}`, cookie: buyer.cookie });
    expect(paidNow.statusCode, paidNow.body).toBe(200);
    expect(paidNow.json().order).toMatchObject({
      status: "paid",
      price: paidBike.askingPrice,
      meetingLocation: "Mirpur 10, Dhaka",
      listing: { id: paidBike.id, seller: { name: MSG.account.deletedName, photo: null } },
    });
    expect(await canSignIn(t.app, seller.user.email, seller.user.password)).toBe(false);
  });
});
