import { z } from "zod";

/** A multipart file field as @fastify/multipart attaches it in keyValues mode: a non-empty Buffer. */
export const fileField = (requiredMessage: string) =>
  z.custom<Buffer>((v) => Buffer.isBuffer(v) && v.length > 0, { error: requiredMessage });
