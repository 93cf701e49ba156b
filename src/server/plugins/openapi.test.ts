import type { RouteOptions } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { MATRIX } from "#server/authorization-matrix.cases.ts";
import { call, createTestApp, GOOGLE_OFFLINE, type TestApp } from "#server/test/app.ts";
import { recordRoutes } from "#server/test/routes.ts";
import { PROBLEM_CODES, statusesOf } from "#shared/problem-codes.ts";
import { OPERATIONS } from "./openapi-operations.ts";
import { isRateLimit } from "./rate-limit.ts";

type Json = Record<string, unknown>;
type Answer = { $ref?: string; description?: string; content?: Record<string, { schema?: Json }> };
type Operation = { operationId?: string; security?: Json[]; responses: Record<string, Answer> };
type Doc = {
  paths: Record<string, Record<string, Operation>>;
  components: {
    schemas: Record<string, { properties: Record<string, { enum?: string[] }> }>;
    responses: Record<string, Answer>;
    securitySchemes: Record<string, Json>;
  };
};

/** Every optional route on: Google sign-in and the Stripe webhook (nothing reaches the network). */
const ALL_ROUTES = {
  ...GOOGLE_OFFLINE,
  PAYMENT_PROVIDER: "stripe",
  STRIPE_SECRET_KEY: "sk_test_openapi",
  STRIPE_PUBLISHABLE_KEY: "pk_test_openapi",
  STRIPE_WEBHOOK_SECRET: "whsec_openapi",
};

async function openapiDocument(t: TestApp): Promise<Doc> {
  const res = await call(t.app, { method: "GET", url: "/api/docs/json" });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as Doc;
}

/** An answer as written, or the shared one it points at. */
function resolve(doc: Doc, answer: Answer): Answer {
  const name = answer.$ref?.replace("#/components/responses/", "");
  return name === undefined ? answer : doc.components.responses[name]!;
}

describe("the OpenAPI document", () => {
  const routes = recordRoutes();
  let t: TestApp;
  let doc: Doc;
  /** Each API route with its operation in the document. */
  let api: { key: string; method: string; route: RouteOptions; operation: Operation | undefined }[];

  beforeAll(async () => {
    t = await createTestApp(ALL_ROUTES, {}, undefined, { onRoute: routes.onRoute });
    doc = await openapiDocument(t);
    api = routes
      .keys()
      .filter(({ route }) => route.url.startsWith("/api/") && !route.url.startsWith("/api/docs"))
      .map(({ key, method, route }) => ({
        key,
        method,
        route,
        operation: doc.paths[route.url.replace(/:(\w+)/g, "{$1}")]?.[method.toLowerCase()],
      }));
  });

  afterAll(async () => {
    await t?.close();
  });

  it("names every API route's operation: camelCase, once (src/server/plugins/openapi-operations.ts)", () => {
    expect(api.length).toBeGreaterThan(40);
    expect(
      api.filter((r) => !r.operation).map((r) => r.key),
      "routes not in the document",
    ).toEqual([]);
    expect(
      api.filter((r) => !/^[a-z][A-Za-z0-9]*$/.test(r.operation?.operationId ?? "")).map((r) => r.key),
      "routes without a camelCase operationId (an entry in OPERATIONS)",
    ).toEqual([]);
    const ids = api.map((r) => r.operation!.operationId);
    expect(
      ids.filter((id, i) => ids.indexOf(id) !== i),
      "operationIds used twice",
    ).toEqual([]);
    const keys = api.map((r) => r.key);
    expect(
      Object.keys(OPERATIONS).filter((key) => !keys.includes(key)),
      "entries for no route",
    ).toEqual([]);
  });

  it("requires the session cookie on every route that is not public, and on no public one", () => {
    expect(doc.components.securitySchemes.session).toMatchObject({
      type: "apiKey",
      in: "cookie",
      name: "mh_session",
    });
    for (const { key, route, operation } of api) {
      if (route.config?.access !== "public") {
        expect(operation!.security, key).toEqual([{ session: [] }]);
      } else {
        // Public: nothing, the session when there is one ({} reads "or none"), or a provider's signature.
        expect([[], [{}, { session: [] }], [{ stripeSignature: [] }]], key).toContainEqual(
          operation!.security,
        );
      }
    }
  });

  it("lists each operation's problems as problem+json answers, from its declaration", () => {
    for (const { key, method, route, operation } of api) {
      const responses = operation!.responses;
      const statuses = Object.keys(responses);
      expect(
        statuses.some((s) => /^4\d\d$/.test(s)),
        `${key}: no 4xx answer`,
      ).toBe(true);
      for (const status of statuses.filter((s) => /^[45]\d\d$/.test(s) || s === "default")) {
        const answer = resolve(doc, responses[status]!);
        expect(answer.content?.["application/problem+json"]?.schema, `${key} ${status}`).toEqual({
          $ref: "#/components/schemas/Problem",
        });
      }
      const access = route.config?.access;
      const expected = [400];
      if (access !== "public") expected.push(401);
      if (Array.isArray(access) || (method !== "GET" && !route.config?.crossOrigin)) expected.push(403);
      if (route.url.includes("/:")) expected.push(404);
      if (route.schema?.body) expected.push(413, 415);
      if ([route.onRequest, route.preHandler].flat().some(isRateLimit)) expected.push(429);
      expect(statuses, key).toEqual(expect.arrayContaining(expected.map(String)));
    }
  });

  it("lists every refusal the authorization matrix expects of a route", () => {
    const missing = Object.entries(MATRIX).flatMap(([key, { expected }]) => {
      const operation = api.find((r) => r.key === key)?.operation;
      return [...new Set(Object.values(expected))]
        .filter((status) => status >= 400 && !(String(status) in (operation?.responses ?? {})))
        .map((status) => `${key} ${status}`);
    });
    expect(missing).toEqual([]);
  });

  it("names every problem code (src/shared/problem-codes.ts), and each answer the codes of its status", () => {
    const codes = doc.components.schemas.Problem!.properties.code!.enum;
    expect(codes).toEqual(expect.arrayContaining(PROBLEM_CODES.map((info) => info.code)));
    expect(doc.components.responses.BadRequest!.description).toContain("`validation`");
    expect(doc.components.responses.BadRequest!.description).not.toContain("`order.notFound`");
    const conflict = resolve(doc, doc.paths["/api/orders"]!.post!.responses["409"]!).description;
    expect(conflict).toContain("`order.justSold`");
    expect(conflict).not.toContain("`signup.emailTaken`");
  });

  it("gives a route's own answer only codes the registry sends with that status", () => {
    const wrong = Object.entries(OPERATIONS).flatMap(([key, { problems = {} }]) =>
      Object.entries(problems).flatMap(([status, reason]) =>
        reason.codes
          .filter((code) => !statusesOf(code).includes(Number(status)))
          .map((code) => `${key} ${status}: ${code}`),
      ),
    );
    expect(wrong).toEqual([]);
  });
});

it("names the session cookie as the server reads it: __Host-mh_session over https", async () => {
  const t = await createTestApp({ PUBLIC_URL: "https://motohaat.example" });
  try {
    const doc = await openapiDocument(t);
    expect(doc.components.securitySchemes.session).toMatchObject({ in: "cookie", name: "__Host-mh_session" });
  } finally {
    await t.close();
  }
});
