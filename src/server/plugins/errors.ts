import type { FastifyError, FastifyInstance } from "fastify";
import fp from "fastify-plugin";
import { hasZodFastifySchemaValidationErrors } from "fastify-type-provider-zod";
import { BadRequest, HttpProblem, ServiceUnavailable } from "#server/errors.ts";
import { malformedMultipart } from "#server/lib/multipart.ts";
import { MSG } from "#shared/messages.ts";
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

/** Messages for framework errors, rewritten for a person rather than a developer. */
const frameworkDetail: Record<string, string> = {
  FST_ERR_CTP_INVALID_MEDIA_TYPE: "Send the request as JSON or as multipart form data.",
  FST_ERR_CTP_EMPTY_JSON_BODY: "The request body is empty; send a JSON object.",
  FST_ERR_CTP_INVALID_JSON_BODY: "The request body is not valid JSON.",
  FST_ERR_CTP_BODY_TOO_LARGE: "The request is too large.",
  FST_REQ_FILE_TOO_LARGE: MSG.image.tooLarge,
  FST_FILES_LIMIT: "Send one file at a time.",
  FST_PARTS_LIMIT: "The form has too many parts.",
  FST_INVALID_MULTIPART_CONTENT_TYPE: "Send the form as multipart form data.",
  FST_FIELDS_LIMIT: "The form has too many fields.",
  FST_PROTO_VIOLATION: "A form field has a reserved name (such as __proto__); rename it.",
  FST_INVALID_JSON_FIELD_ERROR: "A form field marked as JSON is not valid JSON.",
  FST_MP_PREMATURE_CLOSE: "The form ended before it was fully received; please send it again.",
};

export function problem(
  status: number,
  detail: string,
  errors?: Record<string, string>,
  code?: string,
): Problem {
  const title = titles[status] ?? "Error";
  return {
    type: "about:blank",
    title,
    status,
    detail,
    ...(errors ? { errors } : {}),
    ...(code ? { code } : {}),
  };
}

function validationErrors(error: FastifyError): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const v of error.validation ?? []) {
    const field = v.instancePath.replace(/^\//, "").replaceAll("/", ".") || "body";
    errors[field] ??= v.message ?? "is not valid";
  }
  return errors;
}

/** The first field (dotted path) of `value` holding a NUL character, which no PostgreSQL text can store. */
function fieldWithNul(value: unknown, path: string): string | undefined {
  if (typeof value === "string") return value.includes("\u0000") ? path || "body" : undefined;
  if (value === null || typeof value !== "object" || Buffer.isBuffer(value)) return undefined;
  for (const [key, inner] of Object.entries(value)) {
    const found = fieldWithNul(inner, path ? `${path}.${key}` : key);
    if (found) return found;
  }
  return undefined;
}

/** One error path: every 4xx/5xx leaves as RFC 9457 problem+json; 5xx details are logged, never sent. */
export const errorsPlugin = fp(async (app: FastifyInstance) => {
  // Before any handler sees it: PostgreSQL refuses a NUL in text, which would surface as a 500. A
  // preHandler, as multipart bodies are attached only after the preValidation hooks of this plugin.
  app.addHook("preHandler", async (request) => {
    const field =
      fieldWithNul(request.params, "") ?? fieldWithNul(request.query, "") ?? fieldWithNul(request.body, "");
    if (field) throw new BadRequest(MSG.generic.nulCharacter, { [field]: MSG.generic.nulCharacter });
  });
  app.setErrorHandler((error: FastifyError, request, reply) => {
    let body: Problem;
    const malformed = malformedMultipart(error, request);
    if (error instanceof HttpProblem) {
      body = problem(error.status, error.message, error.errors, error.code);
    } else if (hasZodFastifySchemaValidationErrors(error) || error.validation) {
      const errors = validationErrors(error);
      body = problem(400, Object.values(errors)[0] ?? "The request is not valid.", errors);
    } else if (error.statusCode && error.statusCode >= 400 && error.statusCode < 500) {
      body = problem(error.statusCode, frameworkDetail[error.code] ?? error.message);
    } else if (malformed) {
      body = problem(400, malformed);
    } else {
      body = problem(500, MSG.generic.somethingWrong);
    }
    if (error instanceof ServiceUnavailable && error.retryAfterSeconds) {
      reply.header("retry-after", error.retryAfterSeconds);
    }
    if (body.status >= 500) request.log.error({ err: error }, "server error");
    return reply.code(body.status).type("application/problem+json").send(body);
  });
});
