import { codeOf, messageAt, PROBLEM_CODES, type ProblemCode, statusesOf } from "#shared/problem-codes.ts";
import type { Problem } from "#shared/schemas/problem.ts";

const TITLES: Record<number, string> = {
  400: "Bad Request",
  401: "Unauthorized",
  402: "Payment Required",
  403: "Forbidden",
  404: "Not Found",
  409: "Conflict",
  413: "Payload Too Large",
  415: "Unsupported Media Type",
  429: "Too Many Requests",
  500: "Internal Server Error",
  503: "Service Unavailable",
};

/**
 * A mocked API answer as the server sends the problem `code`: its status (the first it is sent with)
 * and its message from MSG, unless given; `errors` for field problems. For `mockApi` handlers.
 */
export function problemReply(
  code: ProblemCode,
  given: { detail?: string; status?: number; errors?: Record<string, string> } = {},
): { status: number; body: Problem } {
  const info = PROBLEM_CODES.find((p) => p.code === code);
  const status = given.status ?? info?.status[0];
  const message = info?.key ? messageAt(info.key) : undefined;
  const detail = given.detail ?? (typeof message === "string" ? message : undefined);
  if (!status || detail === undefined) throw new Error(`problemReply(${code}): give its status and detail`);
  const body: Problem = { type: "about:blank", title: TITLES[status] ?? "Error", status, detail, code };
  if (given.errors) body.errors = given.errors;
  return { status, body };
}

/**
 * The same from a status and a message, the code being the one the server sends with it: the
 * message's own, or `validation` for a message of the shared schemas with field errors. A message
 * the server sends with no such code or status fails the test (name its code with `problemReply`).
 */
export function problemAnswer(
  status: number,
  detail: string,
  errors?: Record<string, string>,
): { status: number; body: Problem } {
  const code = codeOf(detail) ?? (errors && status === 400 ? "validation" : undefined);
  if (!code || !statusesOf(code).includes(status))
    throw new Error(`No problem is sent as ${status} "${detail}": use problemReply with its code`);
  return problemReply(code, { status, detail, ...(errors ? { errors } : {}) });
}
