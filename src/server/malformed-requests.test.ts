import { connect } from "node:net";
import type { LightMyRequestResponse } from "fastify";
import { beforeAll, describe, expect, it } from "vitest";
import { call, expectProblem, setupTestApp } from "#server/test/app.ts";
import { signedInUser } from "#server/test/factories.ts";

/** Stripe configured, so the webhook route exists; nothing here reaches Stripe's API. */
const t = setupTestApp({
  PAYMENT_PROVIDER: "stripe",
  STRIPE_SECRET_KEY: "sk_test_malformed",
  STRIPE_PUBLISHABLE_KEY: "pk_test_malformed",
  STRIPE_WEBHOOK_SECRET: "whsec_malformed",
});

const NO_BOUNDARY = "The form's Content-Type has no boundary";
const CUT_SHORT = "The form ended before its closing boundary";
const LONG_BOUNDARY = "The form's boundary is too long";

/** Headers every answer has that are not about security. */
const NOT_SECURITY = new Set([
  "content-type",
  "content-length",
  "date",
  "connection",
  "keep-alive",
  "transfer-encoding",
]);

type Headers = Record<string, string | string[] | number | undefined>;

function securityHeaders(headers: Headers): Record<string, string> {
  return Object.fromEntries(
    Object.entries(headers)
      .filter(
        ([name, value]) => value !== undefined && !NOT_SECURITY.has(name) && !name.startsWith("x-ratelimit"),
      )
      .map(([name, value]) => [name, String(value)]),
  );
}

/** The security headers of an ordinary problem answer (a 404 that went through every hook). */
let expectedHeaders: Record<string, string>;

function expectSecurityHeaders(headers: Headers) {
  expect(headers["content-security-policy"]).toContain("default-src 'self'");
  expect(headers["x-content-type-options"]).toBe("nosniff");
  expect(securityHeaders(headers)).toMatchObject(expectedHeaders);
}

describe("a multipart body that is not well-formed is a 400, on every multipart route", () => {
  let cookies: { buyer: string; seller: string };
  beforeAll(async () => {
    cookies = {
      buyer: (await signedInUser(t.app, { role: "buyer" })).cookie,
      seller: (await signedInUser(t.app, { role: "seller" })).cookie,
    };
  });

  const routes = [
    { method: "POST", url: "/api/auth/signup", as: undefined },
    { method: "PATCH", url: "/api/auth/me", as: "buyer" },
    { method: "POST", url: "/api/listings", as: "seller" },
    { method: "POST", url: "/api/payments/webhook", as: undefined },
  ] as const;

  const part = (name: string, value: string) =>
    `--B0undary\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`;

  const bodies = [
    {
      name: "no boundary",
      contentType: "multipart/form-data",
      payload: part("name", "Rahim"),
      detail: NO_BOUNDARY,
    },
    {
      name: "cut short in a field",
      contentType: "multipart/form-data; boundary=B0undary",
      payload: part("name", "Rahim").slice(0, -6),
      detail: CUT_SHORT,
    },
    {
      name: "cut short in a file",
      contentType: "multipart/form-data; boundary=B0undary",
      payload:
        '--B0undary\r\nContent-Disposition: form-data; name="photo"; filename="me.jpg"\r\n' +
        "Content-Type: image/jpeg\r\n\r\n\xff\xd8\xff\xe0 half a pho",
      detail: CUT_SHORT,
    },
    {
      name: "no closing boundary",
      contentType: "multipart/form-data; boundary=B0undary",
      payload: part("name", "Rahim"),
      detail: CUT_SHORT,
    },
    {
      name: "a boundary longer than the parser allows",
      contentType: `multipart/form-data; boundary=${"b".repeat(300)}`,
      payload: `--${"b".repeat(300)}\r\n`,
      detail: LONG_BOUNDARY,
    },
  ];

  for (const route of routes) {
    it.each(bodies)(`${route.method} ${route.url}: $name`, async ({ contentType, payload, detail }) => {
      const res = await call(t.app, {
        method: route.method,
        url: route.url,
        cookie: route.as && cookies[route.as],
        headers: { "content-type": contentType },
        payload,
      });
      const body = expectProblem(res, 400);
      expect(body.detail).toContain(detail);
      expect(body.code).toBe("multipart.malformed");
    });
  }
});

/** The raw answer to bytes written to a real socket (for what Node refuses before Fastify sees it). */
function rawRequest(
  port: number,
  bytes: string,
): Promise<{ status: number; headers: Headers; body: string }> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, "127.0.0.1");
    const chunks: Buffer[] = [];
    socket.on("data", (chunk) => chunks.push(chunk));
    socket.on("error", reject);
    socket.on("close", () => {
      const text = Buffer.concat(chunks).toString("utf8");
      const [head = "", body = ""] = text.split("\r\n\r\n", 2);
      const [statusLine = "", ...lines] = head.split("\r\n");
      const headers: Headers = {};
      for (const line of lines) {
        const at = line.indexOf(":");
        headers[line.slice(0, at).toLowerCase()] = line.slice(at + 1).trim();
      }
      resolve({ status: Number(statusLine.split(" ")[1]), headers, body });
    });
    socket.write(bytes);
  });
}

describe("Fastify's and Node's own refusals are problem+json with the security headers", () => {
  beforeAll(async () => {
    const ordinary = await call(t.app, { method: "GET", url: "/api/nothing-here" });
    expectProblem(ordinary, 404);
    expectedHeaders = securityHeaders(ordinary.headers);
    expect(Object.keys(expectedHeaders).length).toBeGreaterThan(5);
  });

  const injected: Array<{
    name: string;
    status: number;
    code: string;
    request: () => Promise<LightMyRequestResponse>;
  }> = [
    {
      name: "a bad URL encoding",
      status: 400,
      code: "request.badUrl",
      request: () => call(t.app, { method: "GET", url: "/api/listings/%zz" }),
    },
    {
      name: "a too long param",
      status: 414,
      code: "request.paramTooLong",
      request: () => call(t.app, { method: "GET", url: `/api/listings/${"a".repeat(500)}` }),
    },
    {
      name: "invalid JSON",
      status: 400,
      code: "request.badJson",
      request: () =>
        call(t.app, {
          method: "POST",
          url: "/api/auth/signin",
          headers: { "content-type": "application/json" },
          payload: "{",
        }),
    },
    {
      name: "an unsupported media type",
      status: 415,
      code: "request.mediaType",
      request: () =>
        call(t.app, {
          method: "POST",
          url: "/api/auth/signin",
          headers: { "content-type": "application/xml" },
          payload: "<signin/>",
        }),
    },
    {
      name: "a body over the limit",
      status: 413,
      code: "request.tooLarge",
      request: () =>
        call(t.app, {
          method: "POST",
          url: "/api/auth/signin",
          headers: { "content-type": "application/json" },
          payload: `"${"x".repeat(2 * 1024 * 1024)}"`,
        }),
    },
  ];

  it.each(injected)("$name: $status $code", async ({ status, code, request }) => {
    const res = await request();
    const body = expectProblem(res, status);
    expect(Object.keys(body).sort()).toEqual(["code", "detail", "status", "title", "type"]);
    expect(body.code).toBe(code);
    expectSecurityHeaders(res.headers);
  });

  describe("on a real socket", () => {
    let port: number;
    beforeAll(async () => {
      await t.app.listen({ port: 0, host: "127.0.0.1" });
      const address = t.app.server.address();
      if (!address || typeof address === "string") throw new Error("not listening on a port");
      port = address.port;
    });

    const expectRawProblem = (res: Awaited<ReturnType<typeof rawRequest>>, status: number, code: string) => {
      expect(res.status, res.body).toBe(status);
      expect(res.headers["content-type"]).toMatch(/^application\/problem\+json/);
      expect(JSON.parse(res.body)).toEqual({
        type: "about:blank",
        title: expect.any(String),
        status,
        detail: expect.any(String),
        code,
      });
      expectSecurityHeaders(res.headers);
    };

    it("headers larger than Node allows: 431", async () => {
      const res = await rawRequest(
        port,
        `GET /api/health HTTP/1.1\r\nHost: 127.0.0.1\r\nCookie: ${"c".repeat(20_000)}\r\n\r\n`,
      );
      expectRawProblem(res, 431, "request.headersTooLarge");
    });

    it("a request that is not HTTP: 400", async () => {
      expectRawProblem(await rawRequest(port, "HELLO there\r\n\r\n"), 400, "request.notHttp");
    });

    it("a bad URL encoding over the network: 400", async () => {
      expectRawProblem(
        await rawRequest(
          port,
          "GET /api/listings/%zz HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n",
        ),
        400,
        "request.badUrl",
      );
    });
  });
});
