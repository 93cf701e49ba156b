import type { FastifyRequest } from "fastify";
import type { z } from "zod";

/**
 * A JSON cookie set with `signed: true` (SESSION_SECRET), read back with its expiry checked: null
 * when missing, unsigned, altered, not of `schema`'s shape, or past `expiresAt`.
 */
export function readSignedJsonCookie<T extends { expiresAt: number }>(
  request: FastifyRequest,
  name: string,
  schema: z.ZodType<T>,
): T | null {
  const raw = request.cookies[name];
  if (!raw) return null;
  const unsigned = request.unsignCookie(raw);
  if (!unsigned.valid || unsigned.value === null) return null;
  let json: unknown;
  try {
    json = JSON.parse(unsigned.value);
  } catch {
    return null;
  }
  const parsed = schema.safeParse(json);
  return parsed.success && parsed.data.expiresAt > Date.now() ? parsed.data : null;
}
