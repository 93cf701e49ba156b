import swagger, { type SwaggerTransform, type SwaggerTransformObject } from "@fastify/swagger";
import swaggerUi from "@fastify/swagger-ui";
import type { FastifyInstance, FastifySchema, RouteOptions } from "fastify";
import fp from "fastify-plugin";
import { jsonSchemaTransform } from "fastify-type-provider-zod";
import { z } from "zod";
import { sessionCookieName } from "#server/features/auth/sessions.ts";
import { PROBLEM_CODES } from "#shared/problem-codes.ts";
import { ProblemSchema } from "#shared/schemas/problem.ts";
import { MFA_ENROLMENT_REQUIRED } from "#shared/schemas/two-factor.ts";
import {
  OPERATIONS,
  type Operation,
  PROBLEM_STATUSES,
  type ProblemStatus,
  type Reason,
} from "./openapi-operations.ts";
import { isRateLimit } from "./rate-limit.ts";

/** The documentation page; the document itself is served at `${API_DOCS_PATH}/json`. */
const API_DOCS_PATH = "/api/docs";
/** The security scheme of the session cookie, required by every route whose access is not public. */
const SESSION_SCHEME = "session";
const STRIPE_SCHEME = "stripeSignature";

/** A route's problems and redirect, carried from `transform` (which sees the route) to `transformObject`. */
const PROBLEMS = "x-motohaat-problems";
const REDIRECT = "x-motohaat-redirect";

const PROBLEM_JSON = "application/problem+json";
const PROBLEM_REF = { $ref: "#/components/schemas/Problem" };

/** What each problem means when the route gives no reason of its own; the name of its shared answer. */
const ANSWERS: Record<ProblemStatus | "default", { name: string; description: string }> = {
  400: {
    name: "BadRequest",
    description:
      "The request is not valid: a field of the body, the query or the path (`errors` names each field " +
      "with its message), or a body that is not well-formed.",
  },
  401: { name: "Unauthorized", description: "Not signed in, or the session has ended." },
  402: {
    name: "PaymentRequired",
    description: "The payment was refused: `detail` holds the provider's words.",
  },
  403: {
    name: "Forbidden",
    description:
      "Not allowed: a route of another role, someone else's resource, or a change sent from another " +
      `origin. An admin who must first turn on two-step sign-in gets \`code: "${MFA_ENROLMENT_REQUIRED}"\`.`,
  },
  404: { name: "NotFound", description: "No such resource (an id that is not a UUID names none either)." },
  406: { name: "NotAcceptable", description: "The route answers in a type the request's Accept refuses." },
  409: { name: "Conflict", description: "The resource's state does not allow this now." },
  413: {
    name: "PayloadTooLarge",
    description: "The body, a file in it or an image's pixel count is too large.",
  },
  415: {
    name: "UnsupportedMediaType",
    description: "The body is neither JSON nor multipart form data, or an uploaded file is not an image.",
  },
  429: { name: "TooManyRequests", description: "Too many tries: wait `Retry-After` seconds." },
  503: {
    name: "ServiceUnavailable",
    description: "Not available right now: try again after `Retry-After` seconds.",
  },
  default: {
    name: "Error",
    description: "Any other answer, such as a server error (500): problem+json, a 5xx without details.",
  },
};
const RETRY_AFTER = new Set(["429", "503"]);

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);
const HOOKS = ["onRequest", "preParsing", "preValidation", "preHandler"] as const;

/**
 * The problems a route answers: those its declaration shows, and those its entry in OPERATIONS adds.
 * Each maps to the route's own reason, or to null for the shared answer.
 */
function problemsOf(route: RouteOptions, method: string, operation: Operation | undefined) {
  const access = route.config?.access ?? "public";
  const statuses = new Set<ProblemStatus>([400]);
  if (access !== "public") statuses.add(401);
  // A role's route, or a change: security.ts refuses a change whose Origin is not ours.
  if (Array.isArray(access) || (!SAFE_METHODS.has(method) && !route.config?.crossOrigin)) statuses.add(403);
  if (route.url.includes("/:")) statuses.add(404);
  if (route.schema?.body) {
    statuses.add(413);
    statuses.add(415);
  }
  if (HOOKS.some((name) => [route[name]].flat().some(isRateLimit))) statuses.add(429);
  const problems: Record<string, Reason | null> = {};
  for (const status of statuses) problems[status] = null;
  return { ...problems, ...operation?.problems };
}

function securityOf(route: RouteOptions, operation: Operation | undefined) {
  if ((route.config?.access ?? "public") !== "public") return [{ [SESSION_SCHEME]: [] }];
  if (operation?.security === "optionalSession") return [{}, { [SESSION_SCHEME]: [] }];
  if (operation?.security === "stripeSignature") return [{ [STRIPE_SCHEME]: [] }];
  return [];
}

/** Each route's schema from zod (fastify-type-provider-zod), with its operationId, security and problems. */
const transform: SwaggerTransform = (input) => {
  const out = jsonSchemaTransform(input as Parameters<typeof jsonSchemaTransform>[0]);
  if (out.schema?.hide) return out;
  const { route } = input;
  const method = [route.method].flat()[0] ?? "GET";
  const operation = OPERATIONS[`${method} ${route.url}`];
  const schema = {
    ...out.schema,
    // None without an entry: the OpenAPI test and the lint check (redocly) then name the route.
    ...(operation && { operationId: operation.operationId }),
    security: securityOf(route, operation),
    [PROBLEMS]: problemsOf(route, method, operation),
    ...(operation?.redirect && { [REDIRECT]: operation.redirect }),
  };
  return { schema: schema as FastifySchema, url: out.url };
};

type Json = Record<string, unknown>;
type OperationObject = {
  responses: Json;
  security?: Json[];
  [PROBLEMS]?: Record<string, Reason | null>;
  [REDIRECT]?: string;
};
type Document = {
  paths?: Record<string, Record<string, OperationObject>>;
  components?: { schemas?: Json; securitySchemes?: Json };
};

/**
 * The codes (src/shared/problem-codes.ts) a problem with this status may carry; for `default`, those
 * of the statuses no answer lists (and of none).
 */
function codesOf(status: string): string[] {
  const listed = new Set<number>(PROBLEM_STATUSES);
  return PROBLEM_CODES.filter((info) =>
    status === "default"
      ? info.status.length === 0 || info.status.some((s) => !listed.has(s))
      : info.status.includes(Number(status)),
  ).map((info) => info.code);
}

/** A problem+json answer; `codes` are those it carries (all of its status's, for a shared answer). */
function problemAnswer(status: string, description: string, codes: readonly string[]): Json {
  const named = codes.map((code) => `\`${code}\``).join(", ");
  return {
    description: named ? `${description}\n\nIts \`code\`: ${named}.` : description,
    ...(RETRY_AFTER.has(status) && {
      headers: {
        "Retry-After": { description: "Seconds to wait before trying again.", schema: { type: "integer" } },
      },
    }),
    content: { [PROBLEM_JSON]: { schema: PROBLEM_REF } },
  };
}

/** RFC 9457 problem details, as every 4xx and 5xx answers. */
function problemSchema(): Json {
  const { $schema: _, ...schema } = z.toJSONSchema(ProblemSchema, { target: "openapi-3.0" }) as Json;
  const properties = schema.properties as Record<string, Json>;
  properties.code = {
    ...properties.code,
    description:
      "The problem's stable, machine-readable name, for clients to branch on (`detail` is for people " +
      "and may be reworded). Each answer lists the codes it may carry.",
    enum: [...new Set(PROBLEM_CODES.map((info) => info.code))],
  };
  return schema;
}

/**
 * The whole document: every operation's problems as problem+json answers (a route's own reason inline,
 * the shared ones in `components.responses`), the Problem schema, and only the security schemes in use.
 */
const transformObject: SwaggerTransformObject = (input) => {
  const doc = structuredClone("openapiObject" in input ? input.openapiObject : {}) as Document;
  const shared: Json = {};
  const sharedAnswer = (status: ProblemStatus | "default") => {
    const { name, description } = ANSWERS[status];
    shared[name] ??= problemAnswer(String(status), description, codesOf(String(status)));
    return { $ref: `#/components/responses/${name}` };
  };
  const schemesInUse = new Set<string>();
  for (const pathItem of Object.values(doc.paths ?? {})) {
    for (const operation of Object.values(pathItem)) {
      const redirect = operation[REDIRECT];
      if (redirect !== undefined) {
        delete operation.responses["200"];
        operation.responses["302"] = {
          description: redirect,
          headers: { Location: { description: "Where the browser goes next.", schema: { type: "string" } } },
        };
      }
      for (const [status, own] of Object.entries(operation[PROBLEMS] ?? {})) {
        operation.responses[status] = own
          ? problemAnswer(status, own.why, own.codes)
          : sharedAnswer(Number(status) as ProblemStatus);
      }
      operation.responses.default = sharedAnswer("default");
      delete operation[PROBLEMS];
      delete operation[REDIRECT];
      for (const requirement of operation.security ?? []) {
        for (const scheme of Object.keys(requirement)) schemesInUse.add(scheme);
      }
    }
  }
  const schemes = doc.components?.securitySchemes ?? {};
  return {
    ...doc,
    components: {
      ...doc.components,
      schemas: { ...doc.components?.schemas, Problem: problemSchema() },
      responses: shared,
      securitySchemes: Object.fromEntries(Object.entries(schemes).filter(([name]) => schemesInUse.has(name))),
    },
  } as ReturnType<SwaggerTransformObject>;
};

/**
 * The OpenAPI document of the API, built from the routes' zod schemas and declarations (above), and
 * its page at /api/docs when `ui` is on (API_DOCS). `npm run lint` checks it with redocly
 * (scripts/check-openapi.ts).
 */
export const openapiPlugin = fp(
  async (app: FastifyInstance, opts: { secureCookies: boolean; ui: boolean }) => {
    const cookie = sessionCookieName(opts.secureCookies);
    await app.register(swagger, {
      openapi: {
        openapi: "3.0.3",
        info: {
          title: "MotoHaat API",
          version: "1.0.0",
          description: "The used-motorbike marketplace for Bangladesh",
          // No licence is granted (the package is private and declares none): npm's word for that.
          license: {
            name: "UNLICENSED",
            url: "https://docs.npmjs.com/cli/v10/configuring-npm/package-json#license",
          },
        },
        // The API shares the web app's origin, whichever serves this document.
        servers: [{ url: "/", description: "This site" }],
        components: {
          securitySchemes: {
            [SESSION_SCHEME]: {
              type: "apiKey",
              in: "cookie",
              name: cookie,
              description:
                `The session cookie that signing in sets (\`${sessionCookieName(false)}\` over plain http, ` +
                `\`${sessionCookieName(true)}\` over https), HttpOnly. A change (any method but GET) must ` +
                "also come from this site's origin (its `Origin` header).",
            },
            [STRIPE_SCHEME]: {
              type: "apiKey",
              in: "header",
              name: "Stripe-Signature",
              description: "Stripe's signature of the exact body, with the webhook's secret.",
            },
          },
        },
      },
      transform,
      transformObject,
    });
    // The document is still built (for tests and tooling); only its public page is switched.
    if (opts.ui) await app.register(swaggerUi, { routePrefix: API_DOCS_PATH, staticCSP: true });
  },
  { name: "openapi" },
);
