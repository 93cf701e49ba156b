import type { FastifyRequest } from "fastify";
import { z } from "zod";

/**
 * A multipart file field as @fastify/multipart attaches it in keyValues mode: a non-empty Buffer. The
 * OpenAPI document shows it as a file (a binary string), as zod has no JSON Schema for a Buffer.
 */
export const fileField = (requiredMessage: string) =>
  z
    .custom<Buffer>((v) => Buffer.isBuffer(v) && v.length > 0, { error: requiredMessage })
    .meta({ type: "string", format: "binary" });

/**
 * Busboy (under @fastify/multipart) rejects a body that is not well-formed multipart with a plain
 * Error: no status, no code, so it would be answered as a 500. Its messages are all it gives, so
 * these are read (only for a multipart request) and turned into advice a person can follow.
 */
const MALFORMED: ReadonlyArray<readonly [RegExp, string]> = [
  [
    /^Multipart: Boundary not found$/,
    "The form's Content-Type has no boundary: send it as multipart form data with its boundary (as a browser's FormData does).",
  ],
  [
    // The whole body ("Unexpected end of multipart data") or one part ("Part terminated early due to …").
    /unexpected end of multipart data$/i,
    "The form ended before its closing boundary: the upload was cut short, please send it again.",
  ],
  [
    // The boundary becomes the parser's search needle, which busboy caps at 256 bytes.
    /^The needle /,
    "The form's boundary is too long: at most 70 characters (RFC 2046).",
  ],
];

/** The detail for a 400 when `error` is busboy refusing this multipart request's body; otherwise undefined. */
export function malformedMultipart(error: Error, request: FastifyRequest): string | undefined {
  if ((error as { statusCode?: unknown }).statusCode !== undefined || !request.isMultipart())
    return undefined;
  return MALFORMED.find(([pattern]) => pattern.test(error.message))?.[1];
}
