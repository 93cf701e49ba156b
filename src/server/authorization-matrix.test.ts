import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { call, createTestApp, GOOGLE_OFFLINE, type TestApp } from "#server/test/app.ts";
import { signedInUser } from "#server/test/factories.ts";
import { recordRoutes } from "#server/test/routes.ts";
import {
  buyersOrder,
  CALLER_NAMES,
  CALLERS,
  type Expected,
  MATRIX,
  sellersListing,
  type World,
} from "./authorization-matrix.cases.ts";

/** "GET /api/admin/sellers: anonymous 401, buyer 403, …, admin 200": the rule the case checks. */
const rule = (key: string) =>
  `${key}: ${CALLERS.map((caller) => `${CALLER_NAMES[caller]} ${MATRIX[key]!.expected[caller]}`).join(", ")}`;

describe("authorization matrix", () => {
  const routes = recordRoutes();
  const w = {} as World;
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp(GOOGLE_OFFLINE, {}, undefined, { onRoute: routes.onRoute });
    w.app = t.app;

    const made = await Promise.all(
      (["buyer", "otherBuyer", "seller", "otherSeller", "admin"] as const).map(async (caller) => {
        const role = caller === "otherBuyer" ? "buyer" : caller === "otherSeller" ? "seller" : caller;
        return [caller, await signedInUser(w.app, { role, name: caller })] as const;
      }),
    );
    w.users = Object.fromEntries(made.map(([c, m]) => [c, m.user])) as World["users"];
    w.cookies = {
      anonymous: undefined,
      ...Object.fromEntries(made.map(([c, m]) => [c, m.cookie])),
    } as World["cookies"];
    w.listingId = await sellersListing(w);
    w.orderId = await buyersOrder(w);
  });

  afterAll(async () => {
    await t?.close();
  });

  it("has a case for every registered API route, and no case for a route that does not exist", () => {
    // The API's own routes: the docs are no resource a role may or may not call.
    const api = [
      ...new Set(
        routes
          .keys()
          .filter(({ route }) => route.url.startsWith("/api/") && !route.url.startsWith("/api/docs"))
          .map(({ key }) => key),
      ),
    ].sort();
    expect(api.length).toBeGreaterThan(20);
    expect(
      api.filter((r) => !(r in MATRIX)),
      "routes missing from MATRIX",
    ).toEqual([]);
    expect(
      Object.keys(MATRIX).filter((r) => !api.includes(r)),
      "cases for unknown routes",
    ).toEqual([]);
  });

  it.each(Object.keys(MATRIX).map((key) => [rule(key), key]))("%s", async (_rule, key) => {
    const { expected, request } = MATRIX[key]!;
    const actual = {} as Expected;
    for (const caller of CALLERS) {
      const req = await request(w, caller);
      const res = await call(w.app, { cookie: w.cookies[caller], ...req });
      actual[caller] = res.statusCode;
      if (res.statusCode === 401 || res.statusCode === 403) {
        expect(res.headers["content-type"], `${caller}: ${res.body}`).toContain("application/problem+json");
      }
    }
    expect(actual).toEqual(expected);
  });
});
