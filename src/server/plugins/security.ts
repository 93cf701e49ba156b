import { createHash } from "node:crypto";
import type { FastifyHelmetOptions } from "@fastify/helmet";
import type { FastifyInstance, FastifyRequest } from "fastify";
import fp from "fastify-plugin";
import { Forbidden } from "#server/errors.ts";
import { helmetHeaders } from "#server/lib/framework-errors.ts";
import { HEAD_SCRIPT } from "#shared/head-script.ts";
import { MSG } from "#shared/messages.ts";

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

/** The request's own origin as the browser would spell it. */
function selfOrigin(request: FastifyRequest): string {
  return `${request.protocol}://${request.host}`;
}

type SecurityOptions = {
  publicOrigin: string;
  /**
   * Also accept the origin the request's Host header names. Only while PUBLIC_URL is not set
   * (development and tests reach the server by any name); a given PUBLIC_URL is the only origin.
   */
  acceptSelfOrigin: boolean;
  stripe: boolean;
  /** The origin images come from when it is not this site (S3_PUBLIC_URL): allowed as an image source. */
  imageOrigin?: string | undefined;
};

/**
 * Powerful browser features the site does not use are off for it and every frame in it (Permissions
 * Policy, a structured-field dictionary). Payment Request stays possible for Stripe's frames only
 * when Stripe is the provider. Only features Chromium knows are named: an unknown one is a console error.
 */
export function permissionsPolicy(stripe: boolean): string {
  const none = [
    "accelerometer",
    "autoplay",
    "browsing-topics",
    "camera",
    "display-capture",
    "encrypted-media",
    "fullscreen",
    "geolocation",
    "gyroscope",
    "hid",
    "magnetometer",
    "microphone",
    "midi",
    "picture-in-picture",
    "publickey-credentials-get",
    "screen-wake-lock",
    "serial",
    "usb",
    "xr-spatial-tracking",
  ].map((feature) => `${feature}=()`);
  const payment = stripe ? 'payment=(self "https://js.stripe.com")' : "payment=()";
  return [...none, payment].join(", ");
}

/** The one inline script a page may run, by its hash: the theme and the taka sign's face, before first paint. */
const HEAD_SCRIPT_HASH = `'sha256-${createHash("sha256").update(HEAD_SCRIPT).digest("base64")}'`;

const STRIPE_SOURCES = {
  script: ["https://js.stripe.com", "https://*.js.stripe.com"],
  frame: ["https://js.stripe.com", "https://*.js.stripe.com", "https://hooks.stripe.com"],
  connect: ["https://api.stripe.com"],
};

/**
 * Headers, and the CSRF rule: a mutation must carry an `Origin` that is ours. Together with
 * SameSite=Lax cookies and JSON/multipart-only bodies this stops cross-site form posts.
 */
export const securityPlugin = fp(async (app: FastifyInstance, opts: SecurityOptions) => {
  // Stripe Elements loads its script from js.stripe.com, draws the card fields in its frames and
  // calls its API from the page (Stripe's CSP guide); nothing of Stripe is allowed otherwise.
  const stripe = opts.stripe ? STRIPE_SOURCES : { script: [], frame: [], connect: [] };
  const helmetOptions: FastifyHelmetOptions = {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'", HEAD_SCRIPT_HASH, ...stripe.script],
        frameSrc: ["'self'", ...stripe.frame],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", "data:", "blob:", ...(opts.imageOrigin ? [opts.imageOrigin] : [])],
        connectSrc: ["'self'", ...stripe.connect],
        fontSrc: ["'self'", "data:"],
        objectSrc: ["'none'"],
        frameAncestors: ["'none'"],
        upgradeInsecureRequests: null,
      },
    },
    // The header older browsers read instead of frame-ancestors: DENY, as 'none' says (helmet's
    // default SAMEORIGIN would let our own pages frame us, which the CSP forbids).
    xFrameOptions: { action: "deny" },
    crossOriginEmbedderPolicy: false,
    hsts: opts.publicOrigin.startsWith("https:"),
  };
  const permissions = permissionsPolicy(opts.stripe);
  // Helmet's headers hold nothing per request (no nonce): asked of helmet once, at start-up, and
  // written on every answer as helmet's own hook writes them, without running helmet each time.
  const helmetSet = Object.entries(await helmetHeaders(helmetOptions));
  app.addHook("onRequest", (_request, reply, done) => {
    for (const [name, value] of helmetSet) reply.raw.setHeader(name, value);
    reply.header("permissions-policy", permissions);
    done();
  });
  // For the answers Fastify and Node write before this hook runs (a bad URL, too large headers).
  app.decorate("securityHeaders", {
    ...Object.fromEntries(helmetSet),
    "permissions-policy": permissions,
  });

  // Before the handler, as the routes set it themselves before: an answer refused earlier (401, 403,
  // 400 for a bad query) carries no cache-control, a handler's answer or error does.
  app.addHook("preHandler", async (request, reply) => {
    if (request.routeOptions.config?.noStore) reply.header("cache-control", "private, no-store");
  });

  // Bodies are JSON or multipart only (decision 012): text/plain is what a cross-site form
  // can send without a preflight, so no route may accept it; Fastify would otherwise parse it.
  app.removeContentTypeParser("text/plain");

  app.addHook("onRequest", async (request) => {
    if (SAFE_METHODS.has(request.method) || request.routeOptions.config?.crossOrigin) return;
    const origin = request.headers.origin;
    const ours = origin === opts.publicOrigin || (opts.acceptSelfOrigin && origin === selfOrigin(request));
    if (!ours) {
      throw new Forbidden(MSG.auth.badOrigin);
    }
  });
});
