import multipart from "@fastify/multipart";
import Fastify from "fastify";
import { describe, expect, it } from "vitest";
import { Conflict, NotFound } from "#server/errors.ts";
import { call, expectProblem, setupTestApp } from "#server/test/app.ts";
import { signedInUser } from "#server/test/factories.ts";
import { MSG } from "#shared/messages.ts";
import { errorsPlugin } from "./errors.ts";

const t = setupTestApp();

describe("a JSON body nested thousands of levels deep", () => {
  // 16 KB each: far under the body limit, far deeper than any request of ours.
  const bodies = {
    arrays: `${"[".repeat(8000)}${"]".repeat(8000)}`,
    objects: `${'{"":'.repeat(3200)}1${"}".repeat(3200)}`,
  };
  const routes = [
    ["a route without a body schema", "/api/auth/signout"],
    ["an unknown route", "/api/no-such-thing"],
  ] as const;

  describe.each(routes)("sent to %s", (_name, url) => {
    it.each(Object.entries(bodies))("of %s is a 400 problem", async (_kind, payload) => {
      const res = await call(t.app, {
        method: "POST",
        url,
        headers: { "content-type": "application/json" },
        payload,
      });
      expect(expectProblem(res, 400).code).toBe("request.tooDeep");
    });
  });

  it("a body as deep as ours still reaches its route", async () => {
    const res = await call(t.app, {
      method: "POST",
      url: "/api/auth/signout",
      headers: { "content-type": "application/json" },
      payload: `${"[".repeat(20)}"x"${"]".repeat(20)}`,
    });
    expect(res.statusCode, res.body).toBe(204);
  });
});

describe("every problem carries the code of what went wrong", () => {
  const json = { "content-type": "application/json" };
  const cases = [
    {
      name: "an unknown route",
      code: "route.notFound",
      status: 404,
      req: { method: "GET", url: "/api/nope" },
    },
    {
      name: "a body that is not JSON",
      code: "request.badJson",
      status: 400,
      req: { method: "POST", url: "/api/auth/signin", headers: json, payload: "{" },
    },
    {
      name: "a field that is not valid",
      code: "validation",
      status: 400,
      req: { method: "POST", url: "/api/auth/signin", payload: { email: "not an email", password: "x" } },
    },
    {
      name: "a change from another site",
      code: "auth.badOrigin",
      status: 403,
      req: { method: "POST", url: "/api/auth/signout", headers: { origin: "https://evil.example" } },
    },
    {
      name: "no sign-in",
      code: "auth.notSignedIn",
      status: 401,
      req: { method: "GET", url: "/api/me/orders" },
    },
    {
      name: "a service's refusal",
      code: "listing.notFound",
      status: 404,
      req: { method: "GET", url: "/api/listings/00000000-0000-4000-8000-000000000000" },
    },
    {
      name: "a service's refusal in a template's words",
      code: "listing.minAboveMax",
      status: 400,
      req: { method: "GET", url: "/api/listings?minPrice=5000&maxPrice=100" },
    },
  ] as const;

  it.each(cases)("$name: $status $code", async ({ code, status, req }) => {
    expect(expectProblem(await call(t.app, req), status).code).toBe(code);
  });

  it("another role: 403 auth.forbidden", async () => {
    const { cookie } = await signedInUser(t.app, { role: "seller" });
    const res = await call(t.app, { method: "GET", url: "/api/me/orders", cookie });
    expect(expectProblem(res, 403, MSG.auth.forbidden).code).toBe("auth.forbidden");
  });
});

describe("a problem without its code", () => {
  /** A bare app with the errors plugin and routes throwing problems no code was named for. */
  async function bareApp() {
    const app = Fastify({ logger: false });
    await app.register(multipart);
    await app.register(errorsPlugin);
    app.get("/unnamed", async () => {
      throw new Conflict("Words nobody named a code for.");
    });
    app.get("/wrong-status", async () => {
      throw new NotFound(MSG.order.tooManyHolds);
    });
    return app;
  }

  /** The console.error lines `run` printed (kept from the test's own console check). */
  async function printed(run: () => Promise<unknown>): Promise<string[]> {
    const original = console.error;
    const lines: string[] = [];
    console.error = (...args: unknown[]) => void lines.push(args.map(String).join(" "));
    try {
      await run();
    } finally {
      console.error = original;
    }
    return lines;
  }

  it("is still sent, as unclassified, and fails the tests", async () => {
    const app = await bareApp();
    let res: Awaited<ReturnType<typeof app.inject>> | undefined;
    const lines = await printed(async () => {
      res = await app.inject({ method: "GET", url: "/unnamed" });
    });
    expect(res?.statusCode).toBe(409);
    expect(res?.json()).toMatchObject({ code: "unclassified", detail: "Words nobody named a code for." });
    expect(lines).toEqual([expect.stringContaining("A 409 problem with no code")]);
    await app.close();
  });

  it("or with a status its code is not sent with, fails the tests", async () => {
    const app = await bareApp();
    const lines = await printed(() => app.inject({ method: "GET", url: "/wrong-status" }));
    expect(lines).toEqual([
      expect.stringContaining("A 404 problem with code order.tooManyHolds, not listed"),
    ]);
    await app.close();
  });
});
