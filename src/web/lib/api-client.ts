import { DEFAULT_LOCALE, type Locale, PAGE_LANGUAGE_HEADER } from "#shared/i18n/locales.ts";
import { MSG } from "#shared/messages.ts";
import type { ProblemCode } from "#shared/problem-codes.ts";
import type { Problem } from "#shared/schemas/problem.ts";
import { reportReachable, reportUnreachable } from "./connectivity.ts";

/** The server's problem+json, or one the client makes up for no answer (which has no code). */
type ClientProblem = Omit<Problem, "code"> & { code?: string };

/** A failed API call, carrying the server's problem+json (status, detail, field errors, code). */
export class ApiError extends Error {
  readonly status: number;
  readonly problem: ClientProblem;
  constructor(problem: ClientProblem) {
    super(problem.detail);
    this.status = problem.status;
    this.problem = problem;
  }
  /**
   * What went wrong, as the server names it (src/shared/problem-codes.ts): branch on this, never on
   * the message, which is for people and may be reworded. Undefined when the server did not answer.
   */
  get code(): ProblemCode | undefined {
    return this.problem.code as ProblemCode | undefined;
  }
  /** Field → message, for putting server-side validation messages under form fields. */
  get fieldErrors(): Record<string, string> {
    return this.problem.errors ?? {};
  }
}

/**
 * No answer from MotoHaat: the network failed (status 0), or a gateway in front of the server said
 * it is away (502, 504, or a 503 that is not our server's own problem+json). Whether the request
 * reached the server is unknown; the page says so and the banner keeps trying.
 */
export class UnreachableError extends ApiError {}

export const isUnreachable = (err: unknown): err is UnreachableError => err instanceof UnreachableError;

function isProblem(body: unknown): body is Problem {
  return typeof body === "object" && body !== null && "status" in body && "detail" in body;
}

/**
 * The error for an answer that is not a success (`status` 0: no answer at all), for `api()` and the
 * upload's XMLHttpRequest alike: a 4xx problem in the server's words, no answer as "unreachable"
 * (which also raises the banner), anything else as an apology (a 5xx's details are never shown).
 */
export function failedAnswer(status: number, title: string, body: unknown): ApiError {
  if (status === 0 || status === 502 || status === 504 || (status === 503 && !isProblem(body))) {
    reportUnreachable();
    // Made here, in English: said in the pages' language, as the server's own problems are.
    return new UnreachableError({ type: "about:blank", title, status, detail: say(MSG.network.unreachable) });
  }
  reportReachable();
  if (isProblem(body) && status >= 400 && status < 500) return new ApiError(body);
  // A 5xx keeps its code (what failed, e.g. the card provider), never its words.
  const code = isProblem(body) ? body.code : undefined;
  return new ApiError({ type: "about:blank", title, status, detail: say(MSG.generic.somethingWrong), code });
}

/** The pages' language (src/web/lib/i18n.tsx's LanguageProvider keeps it). */
let pageLocale: Locale = DEFAULT_LOCALE;
/** A text this module makes in English (`MSG.generic.somethingWrong`), in the pages' language. */
let say = (text: string) => text;

/** The language the API is asked to answer in: for a request made outside `api()` (an upload's). */
export function apiLanguage(): Locale {
  return pageLocale;
}

/**
 * The language the API is asked to answer in from now on, the one the pages are shown in, and how this
 * module's own texts are said in it.
 */
export function setApiLanguage(locale: Locale, sayText: (text: string) => string): void {
  pageLocale = locale;
  say = sayText;
}

type Body = FormData | Record<string, unknown> | undefined;

/** How a request reaches the API: the browser's fetch, or on the server the app itself. */
export type ApiTransport = (path: string, init: RequestInit) => Promise<Response>;

let transport: ApiTransport = (path, init) => fetch(path, init);

/**
 * Where `api()` sends its requests when the pages render on the server (src/web/entry-server.tsx),
 * which has no origin to resolve "/api/…" against: src/server/plugins/web.ts answers them in-process.
 */
export function setApiTransport(next: ApiTransport): void {
  transport = next;
}

/**
 * The one way the browser talks to the API: same-origin cookies, JSON or multipart bodies,
 * and every failure turned into an ApiError with a message fit for a person (never a raw 500 body).
 */
export async function api<T>(
  path: string,
  init: { method?: string; body?: Body; signal?: AbortSignal } = {},
): Promise<T> {
  const { method = "GET", body, signal } = init;
  // The server answers in the language asked for (src/server/lib/i18n.ts): the one the pages are
  // shown in, so a problem's words match the page around them.
  const headers: Record<string, string> = {
    accept: "application/json",
    "accept-language": pageLocale,
    [PAGE_LANGUAGE_HEADER]: pageLocale,
  };
  let payload: BodyInit | undefined;
  if (body instanceof FormData) payload = body;
  else if (body !== undefined) {
    headers["content-type"] = "application/json";
    payload = JSON.stringify(body);
  }
  let res: Response;
  try {
    res = await transport(path, { method, body: payload, headers, credentials: "same-origin", signal });
  } catch (err) {
    if (err instanceof DOMException && err.name === "AbortError") throw err;
    throw failedAnswer(0, "Network error", undefined);
  }
  if (res.status === 204) {
    reportReachable();
    return undefined as T;
  }
  let text: string;
  try {
    text = await res.text();
  } catch (err) {
    // The connection dropped halfway through the answer.
    if (err instanceof DOMException && err.name === "AbortError") throw err;
    throw failedAnswer(0, "Network error", undefined);
  }
  let parsed: unknown;
  try {
    parsed = text ? JSON.parse(text) : undefined;
  } catch {
    parsed = undefined;
  }
  if (!res.ok) throw failedAnswer(res.status, res.statusText, parsed);
  reportReachable();
  return parsed as T;
}

/**
 * A mutation's onSettled: refresh what it changed, and make the mutation wait for that only when the
 * server answered. With no answer the refetch would sit out its own retries while the button spins;
 * the refresh still runs (the request may have got through) and the failure is said at once.
 */
export function refreshAfter(error: unknown, refresh: () => Promise<unknown>): Promise<unknown> | undefined {
  const done = refresh();
  return isUnreachable(error) ? undefined : done;
}

/** A failed call's message, fit for a person: the server's `detail` (never a raw body), or an apology. */
export function errorMessage(err: unknown): string {
  // The server's problems come in the page's language already; what this side made, in English, is said in it.
  return say(err instanceof Error && err.message ? err.message : MSG.generic.somethingWrong);
}

/** TanStack Query's retry rule: retry network and 5xx failures up to 3 times, never a 4xx answer. */
export function shouldRetry(failureCount: number, error: unknown): boolean {
  if (error instanceof ApiError && error.status >= 400 && error.status < 500) return false;
  return failureCount < 3;
}
