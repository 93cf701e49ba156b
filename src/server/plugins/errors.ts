import type { FastifyError, FastifyInstance } from "fastify";
import fp from "fastify-plugin";
import { hasZodFastifySchemaValidationErrors } from "fastify-type-provider-zod";
import { BadRequest, HttpProblem, ServiceUnavailable } from "#server/errors.ts";
import { answersIn, requestLocale, translate } from "#server/lib/i18n.ts";
import { malformedMultipart } from "#server/lib/multipart.ts";
import type { Locale } from "#shared/i18n/locales.ts";
import { MSG } from "#shared/messages.ts";
import { codeOf, type ProblemCode, statusesOf } from "#shared/problem-codes.ts";
import type { Problem } from "#shared/schemas/problem.ts";

const titles: Record<number, string> = {
  400: "Bad Request",
  401: "Unauthorized",
  403: "Forbidden",
  404: "Not Found",
  405: "Method Not Allowed",
  406: "Not Acceptable",
  402: "Payment Required",
  409: "Conflict",
  413: "Payload Too Large",
  415: "Unsupported Media Type",
  408: "Request Timeout",
  414: "URI Too Long",
  431: "Request Header Fields Too Large",
  429: "Too Many Requests",
  500: "Internal Server Error",
  503: "Service Unavailable",
};

/**
 * Framework errors (Fastify's, @fastify/multipart's) by their code: each problem's code and its
 * message, rewritten for a person rather than a developer (none: the framework's own message).
 */
const frameworkProblems: Record<string, { code: ProblemCode; detail?: string }> = {
  FST_ERR_CTP_INVALID_MEDIA_TYPE: {
    code: "request.mediaType",
    detail: "Send the request as JSON or as multipart form data.",
  },
  FST_ERR_CTP_EMPTY_JSON_BODY: {
    code: "request.emptyJson",
    detail: "The request body is empty; send a JSON object.",
  },
  FST_ERR_CTP_INVALID_JSON_BODY: { code: "request.badJson", detail: "The request body is not valid JSON." },
  FST_ERR_CTP_BODY_TOO_LARGE: { code: "request.tooLarge", detail: "The request is too large." },
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: { code: "request.contentLength" },
  FST_REQ_FILE_TOO_LARGE: { code: "image.tooLarge", detail: MSG.image.tooLarge },
  FST_FILES_LIMIT: { code: "multipart.tooManyFiles", detail: "Send one file at a time." },
  FST_PARTS_LIMIT: { code: "multipart.tooManyParts", detail: "The form has too many parts." },
  FST_INVALID_MULTIPART_CONTENT_TYPE: {
    code: "multipart.notMultipart",
    detail: "Send the form as multipart form data.",
  },
  FST_FIELDS_LIMIT: { code: "multipart.tooManyFields", detail: "The form has too many fields." },
  FST_PROTO_VIOLATION: {
    code: "multipart.reservedName",
    detail: "A form field has a reserved name (such as __proto__); rename it.",
  },
  FST_INVALID_JSON_FIELD_ERROR: {
    code: "multipart.badJsonField",
    detail: "A form field marked as JSON is not valid JSON.",
  },
  FST_MP_PREMATURE_CLOSE: {
    code: "multipart.closedEarly",
    detail: "The form ended before it was fully received; please send it again.",
  },
};

/** Under the tests, a problem without its code is a bug said out loud (console.error fails the test). */
const checkCodes = process.env.VITEST !== undefined;

/**
 * The problem+json body. Its `code` is the one given, else the one named after its detail (a message
 * of MSG); one the API does not send with this status (src/shared/problem-codes.ts) fails the tests.
 */
export function problem(
  status: number,
  detail: string,
  errors?: Record<string, string>,
  code: ProblemCode | undefined = codeOf(detail),
): Problem {
  if (checkCodes && !(code && statusesOf(code).includes(status))) {
    console.error(
      `A ${status} problem with ${code ? `code ${code}, not listed with this status` : "no code"} ` +
        `(detail: ${detail}): name it in src/shared/problem-codes.ts`,
    );
  }
  const title = titles[status] ?? "Error";
  return {
    type: "about:blank",
    title,
    status,
    detail,
    ...(errors ? { errors } : {}),
    code: code ?? "unclassified",
  };
}

/** A problem's detail and field messages in `locale` (src/server/lib/i18n.ts). */
function translateProblem(body: Problem, locale: Locale): Problem {
  if (locale === "en") return body;
  const errors = body.errors
    ? Object.fromEntries(Object.entries(body.errors).map(([field, text]) => [field, translate(text, locale)]))
    : undefined;
  return { ...body, detail: translate(body.detail, locale), ...(errors ? { errors } : {}) };
}

function validationErrors(error: FastifyError): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const v of error.validation ?? []) {
    const field = v.instancePath.replace(/^\//, "").replaceAll("/", ".") || "body";
    errors[field] ??= v.message ?? "is not valid";
  }
  return errors;
}

/** Deeper than any request of ours (a payment's card fields are 2 deep): a deeper body is refused. */
const MAX_BODY_DEPTH = 32;
const TOO_DEEP = "The request body is nested too deeply.";

/**
 * The first field (dotted path) of `value` holding a NUL character, which no PostgreSQL text can
 * store; a body nested deeper than MAX_BODY_DEPTH is refused. Iterative: a JSON body of a few KB
 * can be thousands of levels deep, more than the call stack holds.
 */
function fieldWithNul(value: unknown): string | undefined {
  const stack: [unknown, string, number][] = [[value, "", 0]];
  for (let next = stack.pop(); next; next = stack.pop()) {
    const [inner, path, depth] = next;
    if (typeof inner === "string") {
      if (inner.includes("\u0000")) return path || "body";
      continue;
    }
    if (inner === null || typeof inner !== "object" || Buffer.isBuffer(inner)) continue;
    if (depth >= MAX_BODY_DEPTH) throw new BadRequest(TOO_DEEP, undefined, "request.tooDeep");
    // Pushed last to first, so the fields are looked at in order.
    const entries = Object.entries(inner);
    for (let i = entries.length - 1; i >= 0; i--) {
      const [key, field] = entries[i]!;
      stack.push([field, path ? `${path}.${key}` : key, depth + 1]);
    }
  }
  return undefined;
}

/** One error path: every 4xx/5xx leaves as RFC 9457 problem+json; 5xx details are logged, never sent. */
export const errorsPlugin = fp(async (app: FastifyInstance) => {
  // Before any handler sees it: PostgreSQL refuses a NUL in text, which would surface as a 500. A
  // preHandler, as multipart bodies are attached only after the preValidation hooks of this plugin.
  app.addHook("preHandler", async (request) => {
    const field = fieldWithNul(request.params) ?? fieldWithNul(request.query) ?? fieldWithNul(request.body);
    if (field) throw new BadRequest(MSG.generic.nulCharacter, { [field]: MSG.generic.nulCharacter });
  });
  app.setErrorHandler((error: FastifyError, request, reply) => {
    let body: Problem;
    const malformed = malformedMultipart(error, request);
    if (error instanceof HttpProblem) {
      body = problem(error.status, error.message, error.errors, error.code);
    } else if (hasZodFastifySchemaValidationErrors(error) || error.validation) {
      const errors = validationErrors(error);
      body = problem(400, Object.values(errors)[0] ?? "The request is not valid.", errors, "validation");
    } else if (error.statusCode && error.statusCode >= 400 && error.statusCode < 500) {
      const known = frameworkProblems[error.code];
      body = problem(error.statusCode, known?.detail ?? error.message, undefined, known?.code);
    } else if (malformed) {
      body = problem(400, malformed, undefined, "multipart.malformed");
    } else {
      body = problem(500, MSG.generic.somethingWrong, undefined, "internal");
    }
    if (error instanceof ServiceUnavailable && error.retryAfterSeconds) {
      reply.header("retry-after", error.retryAfterSeconds);
    }
    if (body.status >= 500) request.log.error({ err: error }, "server error");
    // Said in the language the request asks for; `code` stays the client's stable name of it.
    const locale = requestLocale(request);
    body = translateProblem(body, locale);
    return answersIn(reply, locale).code(body.status).type("application/problem+json").send(body);
  });
});
