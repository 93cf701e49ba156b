import fc from "fast-check";
import type { RouteOptions } from "fastify";
import { STRONG_PASSWORD } from "#server/test/factories.ts";

/**
 * What the fuzz sends: random requests shaped like each route's (its params, the names of its body
 * and query fields, real ids and values that pass validation some of the time), from every kind of caller.
 */

const ACTORS = ["anonymous", "buyer", "seller", "admin"] as const;
export type Actor = (typeof ACTORS)[number];

export type Fuzzed = {
  actor: Actor;
  method: string;
  url: string;
  headers: Record<string, string>;
  payload?: string | Buffer;
};

/** What the requests point at: real ids some of the time, so they get past "not found". */
export type Known = { ids: string[]; photo: Buffer; origin: string };

const printable = (max: number) => fc.stringMatching(new RegExp(`^[\\x20-\\x7e]{0,${max}}$`));

/** Strings that have broken servers before, and values that pass validation so requests get deeper. */
const tricky = (known: Known) =>
  fc.oneof(
    fc.constantFrom(
      "",
      " ",
      "0",
      "-1",
      "1e309",
      "NaN",
      "null",
      "true",
      "[]",
      "{}",
      "🏍️ বাইক",
      "\u0000",
      "a\u0000b",
      "' or 1=1 --",
      "<script>alert(1)</script>",
      "../../etc/passwd",
      "x".repeat(5000),
      "buyer",
      "seller",
      "admin",
      "sports",
      "commuter",
      "Yamaha R15",
      "150000",
      "99999999999999999999",
      "2 years",
      "01711-000000",
      "Gulshan 1",
      "person@example.test",
      STRONG_PASSWORD,
      "4242 4242 4242 4242",
      "123456",
    ),
    fc.constantFrom(...known.ids),
    fc.uuid(),
    fc.string(),
    fc.integer().map(String),
  );

const jsonLeaf = (known: Known) =>
  fc.oneof(tricky(known), fc.integer(), fc.double(), fc.boolean(), fc.constant(null), fc.jsonValue());

/** The keys of a zod object schema (a route's body or querystring), so fuzzed fields have real names. */
function schemaKeys(schema: unknown): string[] {
  const shape = (schema as { shape?: unknown } | undefined)?.shape;
  return shape && typeof shape === "object" ? Object.keys(shape) : [];
}

const fieldNames = (route: RouteOptions, part: "body" | "querystring") =>
  fc.constantFrom(...schemaKeys(route.schema?.[part]), "extra", "__proto__", "constructor", "photo", "id");

type FormPart = { name: string; value: string | Buffer; file: boolean };

function multipartBody(parts: FormPart[], boundary: string): Buffer {
  const chunks: Buffer[] = [];
  for (const part of parts) {
    const disposition = `form-data; name="${part.name}"${part.file ? '; filename="photo.jpg"' : ""}`;
    const type = part.file ? "Content-Type: image/jpeg\r\n" : "";
    chunks.push(Buffer.from(`--${boundary}\r\nContent-Disposition: ${disposition}\r\n${type}\r\n`));
    chunks.push(Buffer.from(part.value), Buffer.from("\r\n"));
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return Buffer.concat(chunks);
}

const CONTENT_TYPES = [
  "application/json",
  "application/json; charset=utf-8",
  "multipart/form-data",
  "multipart/form-data; boundary=",
  "text/plain",
  "application/x-www-form-urlencoded",
  "application/octet-stream",
  "application/xml",
  "application/problem+json",
  "image/jpeg",
  "*/*",
];

/** A body and its content type: none, JSON (shaped like the route's or any), multipart (whole or broken), junk. */
function body(route: RouteOptions, known: Known): fc.Arbitrary<{ type?: string; payload?: string | Buffer }> {
  const fields = fc.dictionary(fieldNames(route, "body"), jsonLeaf(known), { maxKeys: 8 });
  const formParts = fc.array(
    fc.oneof(
      fc.record({ name: fieldNames(route, "body"), value: tricky(known), file: fc.constant(false) }),
      fc.record({
        name: fc.constantFrom("photo", ...schemaKeys(route.schema?.body)),
        value: fc.oneof(
          fc.constant(known.photo),
          fc.uint8Array({ maxLength: 512 }).map((b) => Buffer.from(b)),
        ),
        file: fc.constant(true),
      }),
    ),
    { maxLength: 10 },
  );
  const boundary = fc.oneof(
    fc.constant("fuzzB0undary"),
    fc.stringMatching(/^[A-Za-z0-9'()+_,./:=?-]{1,300}$/),
  );
  const multipart = fc
    .record({ parts: formParts, boundary, cut: fc.option(fc.nat(), { nil: undefined }), declare: fc.nat(3) })
    .map(({ parts, boundary, cut, declare }) => {
      const whole = multipartBody(parts, boundary);
      // Mostly the boundary it uses; sometimes none, or one the body does not use.
      const type =
        ["multipart/form-data", `multipart/form-data; boundary=other`][declare] ??
        `multipart/form-data; boundary=${boundary}`;
      return { type, payload: cut === undefined ? whole : whole.subarray(0, cut % (whole.length + 1)) };
    });
  return fc.oneof(
    fc.constant({}),
    fields.map((f) => ({ type: "application/json", payload: JSON.stringify(f) })),
    fc.jsonValue().map((v) => ({ type: "application/json", payload: JSON.stringify(v) ?? "" })),
    multipart,
    fc.record({
      type: fc.oneof(fc.constantFrom(...CONTENT_TYPES), printable(40)),
      payload: fc.oneof(
        fc.string({ maxLength: 300 }),
        fields.map((f) =>
          new URLSearchParams(Object.entries(f).map(([k, v]): [string, string] => [k, String(v)])).toString(),
        ),
      ),
    }),
  );
}

/** A path segment: a real id, a uuid, junk (percent-encoded), or raw bytes a router must refuse. */
const segment = (known: Known) =>
  fc.oneof(
    { weight: 3, arbitrary: fc.constantFrom(...known.ids) },
    { weight: 2, arbitrary: fc.uuid() },
    { weight: 2, arbitrary: tricky(known).map(encodeURIComponent) },
    { weight: 1, arbitrary: fc.constantFrom("%zz", "%", "%00", "%E0%A4%A", "a".repeat(300), "..", "%2e%2e") },
  );

function pathFor(route: RouteOptions, known: Known): fc.Arbitrary<string> {
  const pieces = route.url.split(/(:\w+|\*)/);
  return fc
    .tuple(...pieces.map((p) => (p.startsWith(":") || p === "*" ? segment(known) : fc.constant(p))))
    .map((parts) => parts.join(""));
}

const query = (route: RouteOptions, known: Known) =>
  fc.oneof(
    fc.constant(""),
    fc
      .array(fc.tuple(fieldNames(route, "querystring"), tricky(known)), { maxLength: 5 })
      .map((pairs) => `?${new URLSearchParams(pairs).toString()}`),
    fc.constantFrom("?page=%zz", "?&&=&", "?page=1&page=2", "?limit=-1", "?cursor=%00", "?=x"),
  );

export function request(route: RouteOptions, method: string, known: Known): fc.Arbitrary<Fuzzed> {
  return fc
    .record({
      actor: fc.constantFrom(...ACTORS),
      path: pathFor(route, known),
      query: query(route, known),
      body: body(route, known),
      origin: fc.oneof(
        { weight: 9, arbitrary: fc.constant(true) },
        { weight: 1, arbitrary: fc.constant(false) },
      ),
    })
    .map(({ actor, path, query, body, origin }) => ({
      actor,
      method,
      url: path + query,
      headers: {
        ...(origin ? { origin: known.origin } : {}),
        ...(body.type ? { "content-type": body.type } : {}),
      },
      ...(body.payload === undefined ? {} : { payload: body.payload }),
    }));
}
