import type { FastifyInstance, LightMyRequestResponse } from "fastify";
import { call } from "./app.ts";
import { listingForm } from "./factories.ts";

/** Requests many tests send, answered as they come (the test checks the answer). */

/** Add Product: a valid listing with its photo; `fields` replace (or, as undefined, remove) its parts. */
export async function postListing(
  app: FastifyInstance,
  cookie: string | undefined,
  fields: Parameters<typeof listingForm>[0] = {},
): Promise<LightMyRequestResponse> {
  return call(app, { method: "POST", url: "/api/listings", cookie, ...(await listingForm(fields)) });
}

/** A profile change that sets only the name. */
export function changeName(
  app: FastifyInstance,
  cookie: string,
  name: string,
): Promise<LightMyRequestResponse> {
  return call(app, { method: "PATCH", url: "/api/auth/me", cookie, payload: { name } });
}
