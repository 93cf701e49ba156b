import { MSG } from "#shared/messages.ts";
import type { Problem } from "#shared/schemas/problem.ts";

/** A failed API call, carrying the server's problem+json (status, detail, field errors). */
export class ApiError extends Error {
  readonly status: number;
  readonly problem: Problem;
  constructor(problem: Problem) {
    super(problem.detail);
    this.status = problem.status;
    this.problem = problem;
  }
  /** Field → message, for putting server-side validation messages under form fields. */
  get fieldErrors(): Record<string, string> {
    return this.problem.errors ?? {};
  }
}

function isProblem(body: unknown): body is Problem {
  return typeof body === "object" && body !== null && "status" in body && "detail" in body;
}

type Body = FormData | Record<string, unknown> | undefined;

/**
 * The one way the browser talks to the API: same-origin cookies, JSON or multipart bodies,
 * and every failure turned into an ApiError with a message fit for a person (never a raw 500 body).
 */
export async function api<T>(
  path: string,
  init: { method?: string; body?: Body; signal?: AbortSignal } = {},
): Promise<T> {
  const { method = "GET", body, signal } = init;
  const headers: Record<string, string> = { accept: "application/json" };
  let payload: BodyInit | undefined;
  if (body instanceof FormData) payload = body;
  else if (body !== undefined) {
    headers["content-type"] = "application/json";
    payload = JSON.stringify(body);
  }
  let res: Response;
  try {
    res = await fetch(path, { method, body: payload, headers, credentials: "same-origin", signal });
  } catch (err) {
    if (err instanceof DOMException && err.name === "AbortError") throw err;
    throw new ApiError({
      type: "about:blank",
      title: "Network error",
      status: 0,
      detail: MSG.generic.somethingWrong,
    });
  }
  if (res.status === 204) return undefined as T;
  const text = await res.text();
  let parsed: unknown;
  try {
    parsed = text ? JSON.parse(text) : undefined;
  } catch {
    parsed = undefined;
  }
  if (!res.ok) {
    if (isProblem(parsed) && res.status < 500) throw new ApiError(parsed);
    throw new ApiError({
      type: "about:blank",
      title: res.statusText,
      status: res.status,
      detail: MSG.generic.somethingWrong,
    });
  }
  return parsed as T;
}

/** A failed call's message, fit for a person: the server's `detail` (never a raw body), or an apology. */
export function errorMessage(err: unknown): string {
  return err instanceof Error && err.message ? err.message : MSG.generic.somethingWrong;
}

/** TanStack Query's retry rule: retry network and 5xx failures up to 3 times, never a 4xx answer. */
export function shouldRetry(failureCount: number, error: unknown): boolean {
  if (error instanceof ApiError && error.status >= 400 && error.status < 500) return false;
  return failureCount < 3;
}
