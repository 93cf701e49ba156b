import type { Socket } from "node:net";
import helmet, { type FastifyHelmetOptions } from "@fastify/helmet";
import Fastify, {
  type FastifyError,
  type FastifyInstance,
  type FastifyReply,
  type FastifyRequest,
} from "fastify";
import { problem } from "#server/plugins/errors.ts";
import { MSG } from "#shared/messages.ts";
import type { ProblemCode } from "#shared/problem-codes.ts";

declare module "fastify" {
  interface FastifyInstance {
    /** What helmet adds to every answer, for the answers written before any hook runs. */
    securityHeaders: Readonly<Record<string, string>>;
  }
}

/** Headers of a plain answer that are not helmet's. */
const NOT_SECURITY = new Set(["content-type", "content-length", "date", "connection", "keep-alive"]);

/**
 * The headers helmet sends with these options, asked of helmet itself: a throwaway instance answers
 * one request at start-up. (The headers hold no per-request part such as a nonce.)
 */
export async function helmetHeaders(options: FastifyHelmetOptions): Promise<Record<string, string>> {
  const probe = Fastify({ logger: false });
  await probe.register(helmet, options);
  probe.get("/", async () => "");
  const res = await probe.inject({ method: "GET", url: "/" });
  await probe.close();
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(res.headers)) {
    if (value !== undefined && !NOT_SECURITY.has(name)) headers[name] = String(value);
  }
  return headers;
}

const urlProblems: Record<string, { code: ProblemCode; detail: string }> = {
  FST_ERR_BAD_URL: {
    code: "request.badUrl",
    detail:
      "The address is not valid: a % must start an escape such as %20; check the link or type it again.",
  },
  FST_ERR_MAX_PARAM_LENGTH: {
    code: "request.paramTooLong",
    detail: "A part of the address is too long; check the link or type it again.",
  },
};

/**
 * Fastify's `frameworkErrors`: errors it meets while routing (a bad URL encoding, a too long param),
 * before any hook ran, so helmet's headers are set here. The same problem+json as every other error.
 */
export function frameworkErrors(error: FastifyError, request: FastifyRequest, reply: FastifyReply): void {
  const status =
    error.statusCode && error.statusCode >= 400 && error.statusCode < 500 ? error.statusCode : 500;
  if (status >= 500) request.log.error({ err: error }, "server error");
  const known = urlProblems[error.code];
  const body =
    status >= 500
      ? problem(500, MSG.generic.somethingWrong, undefined, "internal")
      : problem(status, known?.detail ?? error.message, undefined, known?.code);
  reply.headers(request.server.securityHeaders).code(status).type("application/problem+json").send(body);
}

/** Node's HTTP parser refusals, as Fastify's default client error handler sorts them. */
function clientProblem(code: string) {
  if (code === "ERR_HTTP_REQUEST_TIMEOUT")
    return problem(408, "The request took too long to arrive.", undefined, "request.timeout");
  if (code === "HPE_HEADER_OVERFLOW")
    return problem(
      431,
      "The request's headers are too large; clearing this site's cookies may help.",
      undefined,
      "request.headersTooLarge",
    );
  return problem(400, "The request is not valid HTTP.", undefined, "request.notHttp");
}

/**
 * Fastify's `clientErrorHandler` (bound to the instance): Node's HTTP parser refused the request
 * (headers too large, malformed, too slow) before Fastify saw it, so the answer is written to the
 * socket here, as problem+json with the security headers.
 */
export function clientErrorHandler(this: FastifyInstance, error: Error & { code?: string }, socket: Socket) {
  // A reset connection has nobody left to answer (Node's own handler skips it too).
  if (error.code === "ECONNRESET" || socket.destroyed) return;
  const body = clientProblem(error.code ?? "");
  this.log.debug({ err: error }, "client error");
  if (socket.writable) {
    const json = JSON.stringify(body);
    const headers = {
      "content-type": "application/problem+json; charset=utf-8",
      "content-length": String(Buffer.byteLength(json)),
      connection: "close",
      ...this.securityHeaders,
    };
    const head = Object.entries(headers).map(([name, value]) => `${name}: ${value}\r\n`);
    socket.write(`HTTP/1.1 ${body.status} ${body.title}\r\n${head.join("")}\r\n${json}`);
  }
  socket.destroy(error);
}
