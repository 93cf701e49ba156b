/**
 * The privacy rule of public pages (decision 015): no email address or phone number of anyone
 * in a public API answer or a public page. Every public GET route is fetched, as a signed-out
 * visitor, a signed-in buyer and a signed-in seller who have nothing to do with the people involved;
 * a public route added later fails the first test until it is listed here.
 */
import type { LightMyRequestResponse } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { call, createTestApp, GOOGLE_OFFLINE, type TestApp } from "#server/test/app.ts";
import { bookOrder, buildListing, signedInUser, type TestUser } from "#server/test/factories.ts";
import { recordRoutes } from "#server/test/routes.ts";
import { createWebDist } from "#server/test/web-dist.ts";

const PHONE = "01712-345678";
/** The booking's phone as it may be written anywhere: as typed, without the dash, international. */
const PHONE_FORMS = [PHONE, "01712345678", "1712345678", "+8801712345678"];
/** Anything shaped like an email address. */
const EMAIL_SHAPE = /[\w.+-]+@[\w-]+(\.[\w-]+)+/g;

type Person = { user: TestUser; cookie: string };

describe("public pages and answers carry no one's email or phone", () => {
  const routes = recordRoutes();
  let webDist: Awaited<ReturnType<typeof createWebDist>>;
  let t: TestApp;
  let seller: Person;
  let booker: Person;
  let admin: Person;
  let viewers: { name: string; person: Person | null }[];
  let ids: { available: string; sold: string; orderId: string };

  beforeAll(async () => {
    webDist = await createWebDist(
      "<!doctype html><html><head><title>MotoHaat</title></head><body></body></html>",
    );
    t = await createTestApp(GOOGLE_OFFLINE, { webDist: webDist.dir }, undefined, { onRoute: routes.onRoute });
    seller = await signedInUser(t.app, {
      role: "seller",
      name: "Karim Motors",
      email: "karim.motors@example.test",
    });
    booker = await signedInUser(t.app, {
      role: "buyer",
      name: "Nusrat Jahan",
      email: "nusrat.j@example.test",
    });
    admin = await signedInUser(t.app, { role: "admin", name: "Admin", email: "the.admin@example.test" });
    viewers = [
      { name: "a signed-out visitor", person: null },
      { name: "a signed-in buyer", person: await signedInUser(t.app, { role: "buyer" }) },
      { name: "a signed-in seller", person: await signedInUser(t.app, { role: "seller" }) },
    ];

    const available = await buildListing(t.app, {
      sellerId: seller.user.id,
      brand: "Bajaj",
      model: "Pulsar N160",
    });
    const advertise = await call(t.app, {
      method: "POST",
      url: `/api/listings/${available.id}/advertise`,
      cookie: seller.cookie,
    });
    expect(advertise.statusCode, advertise.body).toBe(200);
    const report = await call(t.app, {
      method: "POST",
      url: `/api/listings/${available.id}/reports`,
      cookie: booker.cookie,
      payload: { reason: "Call me on 01712-345678 or nusrat.j@example.test" },
    });
    expect(report.statusCode, report.body).toBe(201);
    const sold = await buildListing(t.app, { sellerId: seller.user.id });
    const order = await bookOrder(t.app, booker.cookie, sold.id, { phone: PHONE });
    ids = { available: available.id, sold: sold.id, orderId: order.id };
  });

  afterAll(async () => {
    await t?.close();
    await webDist?.remove();
  });

  /** What each public GET route is fetched as; every registered one must be here. */
  function publicUrls(): Record<string, string[]> {
    const sellerId = seller.user.id;
    return {
      "GET /api/health": ["/api/health"],
      "GET /api/health/ready": ["/api/health/ready"],
      "GET /api/categories": ["/api/categories"],
      "GET /api/auth/me": ["/api/auth/me"],
      "GET /api/auth/providers": ["/api/auth/providers"],
      "GET /api/auth/google": ["/api/auth/google"],
      "GET /api/auth/google/callback": ["/api/auth/google/callback?code=x&state=y"],
      // The demo accounts' credentials are published on purpose; off here, as in production.
      "GET /api/auth/demo-accounts": ["/api/auth/demo-accounts"],
      "GET /api/listings": [
        "/api/listings",
        "/api/listings?sold=include",
        "/api/listings?category=commuter&sold=include",
        `/api/listings?seller=${sellerId}&sold=include`,
        "/api/listings?q=pulsar",
      ],
      // Near searches carry counts only; asked with filters that leave the fixture's bikes one change away.
      "GET /api/listings/nearby": ["/api/listings/nearby?q=pulsar&maxPrice=1000&verified=true"],
      "GET /api/listings/brands": ["/api/listings/brands"],
      "GET /api/listings/advertised": ["/api/listings/advertised"],
      "GET /api/listings/:id": [`/api/listings/${ids.available}`, `/api/listings/${ids.sold}`],
      "GET /api/sellers/:id": [`/api/sellers/${sellerId}`],
      "GET /api/sellers/:id/reviews": [`/api/sellers/${sellerId}/reviews`],
    };
  }

  /** The people's emails and phone, and anything else shaped like an email but the viewer's own. */
  function expectNoContact(res: LightMyRequestResponse, what: string, viewer: Person | null) {
    for (const secret of [seller.user.email, booker.user.email, admin.user.email, ...PHONE_FORMS]) {
      expect(res.body, `${what} shows ${secret}`).not.toContain(secret);
    }
    const own = viewer?.user.email;
    const emails = (res.body.match(EMAIL_SHAPE) ?? []).filter((e) => e !== own);
    expect(emails, `${what} shows an email`).toEqual([]);
  }

  it("lists every public GET route of the API", () => {
    const registered = routes
      .keys()
      .filter(({ method, route }) => {
        const access = (route.config as { access?: unknown } | undefined)?.access;
        return method === "GET" && route.url.startsWith("/api/") && access === "public";
      })
      .map(({ key }) => key)
      .sort();
    expect(registered.length).toBeGreaterThan(5);
    expect(registered).toEqual(Object.keys(publicUrls()).sort());
  });

  it.each(["a signed-out visitor", "a signed-in buyer", "a signed-in seller"])(
    "every public API answer, to %s",
    async (name) => {
      const viewer = viewers.find((v) => v.name === name)!.person;
      let people = 0;
      for (const [key, urls] of Object.entries(publicUrls())) {
        for (const url of urls) {
          const res = await call(t.app, { method: "GET", url, cookie: viewer?.cookie });
          expect(res.statusCode, `${url}: ${res.body}`).toBeLessThan(500);
          expectNoContact(res, `${key} (${url})`, viewer);
          if (res.body.includes("Karim Motors")) people++;
        }
      }
      // The seller is really shown (lists, details, the seller page): the check is not vacuous.
      expect(people).toBeGreaterThanOrEqual(8);
    },
  );

  it("a bike's details page and a seller's page, as HTML", async () => {
    for (const viewer of viewers) {
      for (const url of [
        `/products/productdetails/${ids.available}`,
        `/products/productdetails/${ids.sold}`,
        `/sellers/${seller.user.id}`,
      ]) {
        const res = await call(t.app, { method: "GET", url, cookie: viewer.person?.cookie });
        expect(res.statusCode).toBe(200);
        expectNoContact(res, `${url} to ${viewer.name}`, viewer.person);
      }
    }
  });

  it("the buyer's own orders show their own phone and the bike's seller without email", async () => {
    for (const url of ["/api/me/orders", `/api/orders/${ids.orderId}`]) {
      const res = await call(t.app, { method: "GET", url, cookie: booker.cookie });
      expect(res.statusCode, res.body).toBe(200);
      // Stored as booking normalises it (the last of PHONE_FORMS).
      expect(res.body).toContain("+8801712345678");
      expect(res.body).toContain("Karim Motors");
      expect(res.body).not.toContain(seller.user.email);
      expect(res.body).not.toContain(admin.user.email);
    }
  });
});
