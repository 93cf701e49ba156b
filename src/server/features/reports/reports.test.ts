import type { FastifyInstance } from "fastify";
import { describe, expect, it } from "vitest";
import { card, confirm, GOOD_CARD, openIntent, startPayment } from "#server/features/payments/testing.ts";
import { call, setupTestApp } from "#server/test/app.ts";
import { bookOrder, buildListing, buildUser, signedInUser } from "#server/test/factories.ts";
import { MSG } from "#shared/messages.ts";

const UNKNOWN_ID = "6f1c2b9e-0000-4000-8000-000000000000";

function report(app: FastifyInstance, cookie: string | undefined, listingId: string, payload: object) {
  return call(app, { method: "POST", url: `/api/listings/${listingId}/reports`, cookie, payload });
}

async function reportedByMe(app: FastifyInstance, listingId: string, cookie?: string) {
  const res = await call(app, { method: "GET", url: `/api/listings/${listingId}`, cookie });
  expect(res.statusCode).toBe(200);
  return res.json().reportedByMe as boolean;
}

type ReportedItem = {
  listing: { id: string; seller: { id: string } };
  seller: { id: string; name: string; email: string };
  reports: { reason: string; reporter: { id: string; name: string; email: string } }[];
};

async function reportedListings(app: FastifyInstance, cookie: string): Promise<ReportedItem[]> {
  const res = await call(app, { method: "GET", url: "/api/admin/reports?limit=100", cookie });
  expect(res.statusCode).toBe(200);
  return res.json().items;
}

describe("reports and moderation", () => {
  /** One app and database for the file: every test makes its own users and bikes. */
  const t = setupTestApp();

  describe("reporting a listing", () => {
    it("asks for a reason of at most 500 characters", async () => {
      const { cookie } = await signedInUser(t.app, { role: "buyer" });
      const listing = await buildListing(t.app);

      for (const payload of [{}, { reason: "" }, { reason: "   " }]) {
        const res = await report(t.app, cookie, listing.id, payload);
        expect(res.statusCode, JSON.stringify(payload)).toBe(400);
        expect(res.json()).toMatchObject({
          detail: MSG.report.reasonRequired,
          errors: { reason: MSG.report.reasonRequired },
        });
      }

      const long = await report(t.app, cookie, listing.id, { reason: "x".repeat(501) });
      expect(long.statusCode).toBe(400);
      expect(long.json().errors).toEqual({ reason: MSG.report.reasonTooLong });
      expect(await reportedByMe(t.app, listing.id, cookie)).toBe(false);

      const longest = await report(t.app, cookie, listing.id, { reason: "x".repeat(500) });
      expect(longest.statusCode).toBe(201);
    });

    it("takes one report per buyer, and marks the listing as reported for that buyer only", async () => {
      const first = await signedInUser(t.app, { role: "buyer" });
      const second = await signedInUser(t.app, { role: "buyer" });
      const bystander = await signedInUser(t.app, { role: "buyer" });
      const owner = await signedInUser(t.app, { role: "seller" });
      const listing = await buildListing(t.app, { sellerId: owner.user.id });

      const res = await report(t.app, first.cookie, listing.id, { reason: "The photo is of another bike" });
      expect(res.statusCode).toBe(201);
      expect(res.json()).toEqual({ reported: true });

      const twice = await report(t.app, first.cookie, listing.id, { reason: "Again" });
      expect(twice.statusCode).toBe(409);
      expect(twice.json().detail).toBe(MSG.report.alreadyReported);

      expect(
        (await report(t.app, second.cookie, listing.id, { reason: "Seller never answers" })).statusCode,
      ).toBe(201);

      expect(await reportedByMe(t.app, listing.id, first.cookie)).toBe(true);
      expect(await reportedByMe(t.app, listing.id, second.cookie)).toBe(true);
      expect(await reportedByMe(t.app, listing.id, bystander.cookie)).toBe(false);
      expect(await reportedByMe(t.app, listing.id)).toBe(false);
      // Only a buyer has reports of their own: the bike's seller and an admin read false.
      expect(await reportedByMe(t.app, listing.id, owner.cookie)).toBe(false);
      const admin = await signedInUser(t.app, { role: "admin" });
      expect(await reportedByMe(t.app, listing.id, admin.cookie)).toBe(false);
    });

    it("answers 404 for an unknown or malformed listing", async () => {
      const { cookie } = await signedInUser(t.app, { role: "buyer" });
      for (const id of [UNKNOWN_ID, "not-a-uuid"]) {
        const res = await report(t.app, cookie, id, { reason: "Scam" });
        expect(res.statusCode, id).toBe(404);
        expect(res.json().detail).toBe(MSG.listing.notFound);
      }
    });

    it("is for buyers: 401 signed out, 403 for sellers and admins", async () => {
      const listing = await buildListing(t.app);
      expect((await report(t.app, undefined, listing.id, { reason: "Scam" })).statusCode).toBe(401);
      for (const role of ["seller", "admin"] as const) {
        const { cookie } = await signedInUser(t.app, { role });
        const res = await report(t.app, cookie, listing.id, { reason: "Scam" });
        expect(res.statusCode, role).toBe(403);
        expect(res.json().detail).toBe(MSG.auth.forbidden);
      }
    });
  });

  describe("moderating reported listings", () => {
    it("lists reported listings, most recent first, with their seller, every reason and reporter", async () => {
      const admin = await signedInUser(t.app, { role: "admin" });
      const ayesha = await signedInUser(t.app, { role: "buyer", name: "Ayesha" });
      const babul = await signedInUser(t.app, { role: "buyer", name: "Babul" });
      const seller = await buildUser(t.app, { role: "seller", name: "Rahim Motors" });
      const first = await buildListing(t.app, { model: "TVS Apache RTR", sellerId: seller.id });
      const second = await buildListing(t.app, { model: "Suzuki Gixxer" });
      const untouched = await buildListing(t.app);

      expect((await report(t.app, ayesha.cookie, first.id, { reason: "Fake photo" })).statusCode).toBe(201);
      expect((await report(t.app, babul.cookie, first.id, { reason: "Price is a lie" })).statusCode).toBe(
        201,
      );
      expect((await report(t.app, ayesha.cookie, second.id, { reason: "Stolen bike?" })).statusCode).toBe(
        201,
      );

      const items = await reportedListings(t.app, admin.cookie);
      const mine = items.filter((i) => [first.id, second.id, untouched.id].includes(i.listing.id));
      expect(mine.map((i) => i.listing.id)).toEqual([second.id, first.id]);
      const firstItem = mine[1]!;
      expect(firstItem.listing).toMatchObject({ id: first.id, model: "TVS Apache RTR", status: "available" });
      // The admin can open the seller's page and write to them about the report.
      expect(firstItem.listing.seller.id).toBe(seller.id);
      expect(firstItem.seller).toEqual({ id: seller.id, name: "Rahim Motors", email: seller.email });
      expect(mine[0]!.seller.id).toBe(second.sellerId);
      expect(
        firstItem.reports
          .map((r) => ({ reason: r.reason, reporter: r.reporter }))
          .sort((a, b) => a.reason.localeCompare(b.reason)),
      ).toEqual([
        { reason: "Fake photo", reporter: { id: ayesha.user.id, name: "Ayesha", email: ayesha.user.email } },
        { reason: "Price is a lie", reporter: { id: babul.user.id, name: "Babul", email: babul.user.email } },
      ]);
      expect(mine[0]!.reports.map((r) => r.reason)).toEqual(["Stolen bike?"]);
    });

    it("dismisses a listing's reports: it leaves the list, and a second dismiss is 404", async () => {
      const admin = await signedInUser(t.app, { role: "admin" });
      const buyer = await signedInUser(t.app, { role: "buyer" });
      const listing = await buildListing(t.app);
      expect((await report(t.app, buyer.cookie, listing.id, { reason: "Looks odd" })).statusCode).toBe(201);

      const dismiss = () =>
        call(t.app, {
          method: "POST",
          url: `/api/admin/reports/${listing.id}/dismiss`,
          cookie: admin.cookie,
        });
      const res = await dismiss();
      expect(res.statusCode).toBe(204);
      expect((await reportedListings(t.app, admin.cookie)).map((i) => i.listing.id)).not.toContain(
        listing.id,
      );
      expect(await reportedByMe(t.app, listing.id, buyer.cookie)).toBe(false);

      const again = await dismiss();
      expect(again.statusCode).toBe(404);
      expect(again.json().detail).toBe(MSG.report.nothingToDismiss);

      const detail = await call(t.app, { method: "GET", url: `/api/listings/${listing.id}` });
      expect(detail.statusCode).toBe(200);
    });

    it("pages through reported listings with limit=1 without repeats", async () => {
      const admin = await signedInUser(t.app, { role: "admin" });
      const buyer = await signedInUser(t.app, { role: "buyer" });
      for (let i = 0; i < 3; i++) {
        const listing = await buildListing(t.app);
        expect((await report(t.app, buyer.cookie, listing.id, { reason: `reason ${i}` })).statusCode).toBe(
          201,
        );
      }
      const all = (await reportedListings(t.app, admin.cookie)).map((i) => i.listing.id);
      const seen: string[] = [];
      let cursor: string | null = null;
      do {
        const url: string = `/api/admin/reports?limit=1${cursor ? `&cursor=${cursor}` : ""}`;
        const page = (await call(t.app, { method: "GET", url, cookie: admin.cookie })).json();
        expect(page.items).toHaveLength(1);
        seen.push(page.items[0].listing.id);
        cursor = page.nextCursor;
      } while (cursor);
      expect(seen).toEqual(all);
      expect(seen.length).toBeGreaterThanOrEqual(3);
    });

    it("deletes an unsold listing outright", async () => {
      const admin = await signedInUser(t.app, { role: "admin" });
      const buyer = await signedInUser(t.app, { role: "buyer" });
      const listing = await buildListing(t.app);
      expect((await report(t.app, buyer.cookie, listing.id, { reason: "Scam" })).statusCode).toBe(201);

      const remove = () =>
        call(t.app, { method: "DELETE", url: `/api/admin/listings/${listing.id}`, cookie: admin.cookie });
      expect((await remove()).statusCode).toBe(204);

      for (const cookie of [undefined, admin.cookie]) {
        const detail = await call(t.app, { method: "GET", url: `/api/listings/${listing.id}`, cookie });
        expect(detail.statusCode).toBe(404);
        expect(detail.json().detail).toBe(MSG.listing.notFound);
      }
      expect((await reportedListings(t.app, admin.cookie)).map((i) => i.listing.id)).not.toContain(
        listing.id,
      );
      const again = await remove();
      expect(again.statusCode).toBe(404);
      expect(again.json().detail).toBe(MSG.listing.notFound);
    });

    it("releases a held order of the listing it removes: the buyer cannot pay, the hold stops counting", async () => {
      const admin = await signedInUser(t.app, { role: "admin" });
      const buyer = await signedInUser(t.app, { role: "buyer" });
      const listing = await buildListing(t.app);
      const order = await bookOrder(t.app, buyer.cookie, listing.id);
      expect((await report(t.app, buyer.cookie, listing.id, { reason: "Scam" })).statusCode).toBe(201);

      const res = await call(t.app, {
        method: "DELETE",
        url: `/api/admin/listings/${listing.id}`,
        cookie: admin.cookie,
      });
      expect(res.statusCode, res.body).toBe(204);

      const read = await call(t.app, { method: "GET", url: `/api/orders/${order.id}`, cookie: buyer.cookie });
      expect(read.json().order).toMatchObject({ status: "released", holdUntil: null });
      expect(read.json().order.endedAt).not.toBeNull();
      // Paying is refused: the order is no longer held.
      const pay = await startPayment(t.app, buyer.cookie, order.id);
      expect(pay.statusCode, pay.body).toBe(409);
      // It no longer counts against the buyer's unpaid bookings: 3 more can be made.
      for (let i = 0; i < 3; i++) {
        await bookOrder(t.app, buyer.cookie, (await buildListing(t.app)).id);
      }
    });

    it("hides a sold listing instead: gone for the public, still in the buyer's orders", async () => {
      const admin = await signedInUser(t.app, { role: "admin" });
      const buyer = await signedInUser(t.app, { role: "buyer" });
      const reporter = await signedInUser(t.app, { role: "buyer" });
      const listing = await buildListing(t.app, { model: "Hero Hunk" });
      const order = await bookOrder(t.app, buyer.cookie, listing.id);
      const intent = await openIntent(t.app, buyer.cookie, order.id);
      const paid = await confirm(t.app, buyer.cookie, intent, { card: card(GOOD_CARD) });
      expect(paid.statusCode, paid.body).toBe(200);
      expect((await report(t.app, reporter.cookie, listing.id, { reason: "Sold twice?" })).statusCode).toBe(
        201,
      );

      const res = await call(t.app, {
        method: "DELETE",
        url: `/api/admin/listings/${listing.id}`,
        cookie: admin.cookie,
      });
      expect(res.statusCode).toBe(204);

      for (const cookie of [undefined, buyer.cookie, reporter.cookie]) {
        const detail = await call(t.app, { method: "GET", url: `/api/listings/${listing.id}`, cookie });
        expect(detail.statusCode).toBe(404);
      }
      const feed = await call(t.app, { method: "GET", url: "/api/listings?limit=100" });
      expect(feed.json().items.map((l: { id: string }) => l.id)).not.toContain(listing.id);
      expect((await reportedListings(t.app, admin.cookie)).map((i) => i.listing.id)).not.toContain(
        listing.id,
      );

      const orders = await call(t.app, { method: "GET", url: "/api/me/orders", cookie: buyer.cookie });
      expect(orders.json().items).toEqual([
        expect.objectContaining({
          id: order.id,
          listing: expect.objectContaining({ id: listing.id, model: "Hero Hunk", status: "sold" }),
        }),
      ]);

      const again = await call(t.app, {
        method: "DELETE",
        url: `/api/admin/listings/${listing.id}`,
        cookie: admin.cookie,
      });
      expect(again.statusCode).toBe(404);
    });

    it("answers 404 when removing or dismissing an unknown listing", async () => {
      const admin = await signedInUser(t.app, { role: "admin" });
      for (const id of [UNKNOWN_ID, "not-a-uuid"]) {
        const del = await call(t.app, {
          method: "DELETE",
          url: `/api/admin/listings/${id}`,
          cookie: admin.cookie,
        });
        expect(del.statusCode, id).toBe(404);
        const dismiss = await call(t.app, {
          method: "POST",
          url: `/api/admin/reports/${id}/dismiss`,
          cookie: admin.cookie,
        });
        expect(dismiss.statusCode, id).toBe(404);
      }
    });
  });
});
