import fastJson from "fast-json-stringify";
import { z } from "zod";

type JsonSchema = { [key: string]: unknown };

/**
 * `anyOf: [X, {type: "null"}]` (zod's `.nullable()`) as `X` with `type: [X's, "null"]`: the same
 * values, which fast-json-stringify writes directly instead of trying each branch in turn.
 */
function simplify(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(simplify);
  if (node === null || typeof node !== "object") return node;
  const out: JsonSchema = {};
  for (const [key, value] of Object.entries(node)) out[key] = simplify(value);
  const anyOf = out.anyOf as JsonSchema[] | undefined;
  if (Array.isArray(anyOf) && anyOf.length === 2) {
    const [a, b] = anyOf;
    const other = b?.type === "null" ? a : a?.type === "null" ? b : undefined;
    if (other && typeof other.type === "string") {
      const { anyOf: _, ...rest } = out;
      return { ...rest, ...other, type: [other.type, "null"] };
    }
  }
  return out;
}

/**
 * A response serializer made once from a route's zod schema (decision 018): its JSON Schema (the one
 * the OpenAPI document shows) compiled by fast-json-stringify. Only the schema's properties are
 * written, in its order, as zod's serializer writes them; unlike zod's, it does not validate the
 * answer again, so it serves the routes whose answers our presenters build (typed by the schema).
 */
export function fastSerializer(schema: z.ZodType): (data: unknown) => string {
  const { $schema: _, ...json } = z.toJSONSchema(schema, { io: "output", target: "draft-7" }) as JsonSchema;
  return fastJson(simplify(json) as Parameters<typeof fastJson>[0]);
}

const compiled = new WeakMap<z.ZodType, (data: unknown) => string>();

/**
 * A route's `serializerCompiler`: its response schemas are zod ones, compiled once each. Generic over
 * the route's schema type (Fastify types it from the route), which it reads as zod.
 */
export function fastSerializerCompiler<T>({ schema }: { schema: T }): (data: unknown) => string {
  const zodSchema = schema as z.ZodType;
  let serialize = compiled.get(zodSchema);
  if (!serialize) {
    serialize = fastSerializer(zodSchema);
    compiled.set(zodSchema, serialize);
  }
  return serialize;
}
