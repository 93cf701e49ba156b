import cookie from "@fastify/cookie";
import multipart from "@fastify/multipart";
import Fastify, { type FastifyInstance, type RouteOptions } from "fastify";
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from "fastify-type-provider-zod";
import type { Database, Db } from "#server/db/client.ts";
import { adminRoutes } from "#server/features/admin/routes.ts";
import { demoLockPlugin, lockedDemoEmails } from "#server/features/auth/demo-lock.ts";
import { googleSigninRoutes } from "#server/features/auth/google-routes.ts";
import { authRoutes } from "#server/features/auth/routes.ts";
import { scheduleSweep } from "#server/features/auth/sweeper.ts";
import { categoryRoutes } from "#server/features/categories/routes.ts";
import { healthRoutes } from "#server/features/health/routes.ts";
import { ledgerRoutes } from "#server/features/ledger/routes.ts";
import { listingRoutes } from "#server/features/listings/routes.ts";
import { messageRoutes } from "#server/features/messages/routes.ts";
import { notificationLiveSource } from "#server/features/notifications/live.ts";
import { notificationRoutes } from "#server/features/notifications/routes.ts";
import { scheduleOutboxWorker } from "#server/features/notifications/worker.ts";
import { cashRoutes } from "#server/features/orders/cash-routes.ts";
import { disputeRoutes } from "#server/features/orders/dispute-routes.ts";
import { orderRoutes } from "#server/features/orders/routes.ts";
import { overviewRoutes } from "#server/features/overview/routes.ts";
import type { PaymentProvider } from "#server/features/payments/provider/provider.ts";
import { createStripeProvider } from "#server/features/payments/provider/stripe-provider.ts";
import { createTestProvider } from "#server/features/payments/provider/test-provider.ts";
import { paymentRoutes } from "#server/features/payments/routes.ts";
import { payoutRoutes } from "#server/features/payouts/routes.ts";
import { reportRoutes } from "#server/features/reports/routes.ts";
import { reviewRoutes } from "#server/features/reviews/routes.ts";
import { savedRoutes } from "#server/features/saved/routes.ts";
import { sellerRoutes } from "#server/features/sellers/routes.ts";
import { scheduleImageCleanup } from "#server/images/cleanup.ts";
import { imageFilesFor } from "#server/images/files.ts";
import { createImageStore, type ImageStore, setImageUrlBase } from "#server/images/store.ts";
import { type Background, createBackground } from "#server/lib/background.ts";
import { clientErrorHandler, frameworkErrors } from "#server/lib/framework-errors.ts";
import { createMailer, type Mailer } from "#server/mail/mailer.ts";
import { authPlugin } from "#server/plugins/auth.ts";
import { compressionPlugin } from "#server/plugins/compression.ts";
import { errorsPlugin } from "#server/plugins/errors.ts";
import { liveStreamPlugin } from "#server/plugins/live-stream.ts";
import { openapiPlugin } from "#server/plugins/openapi.ts";
import { rateLimitPlugin } from "#server/plugins/rate-limit.ts";
import { securityPlugin } from "#server/plugins/security.ts";
import { webPlugin } from "#server/plugins/web.ts";
import { scheduleHoldReminders } from "#server/workflows/hold-reminders.ts";
import { scheduleHoldSweep } from "#server/workflows/hold-sweeper.ts";
import { scheduleMoneyRelease } from "#server/workflows/money-release.ts";
import { MAX_IMAGE_BYTES } from "#shared/schemas/images.ts";
import { type Config, fastifyTrustProxy } from "./config.ts";

declare module "fastify" {
  interface FastifyInstance {
    config: Config;
    db: Db;
    databaseKind: Database["kind"];
    images: ImageStore;
    mailer: Mailer;
    background: Background;
  }
}

export type BuildOptions = {
  config: Config;
  database: Database;
  logger?: boolean | object;
  /** Replaces the provider chosen by config (tests use a Stripe provider with a local client). */
  paymentProvider?: PaymentProvider;
  /** Sees every route as it registers (the authorization matrix test checks it covers them all). */
  onRoute?: (route: RouteOptions) => void;
};

/** The whole API (and the SPA when built) on an open database. Used by main.ts and by every test. */
export async function buildApp({
  config,
  database,
  logger,
  paymentProvider,
  onRoute,
}: BuildOptions): Promise<FastifyInstance> {
  const app = Fastify({
    logger: logger ?? { level: config.logLevel },
    trustProxy: fastifyTrustProxy(config.trustProxy),
    bodyLimit: 1024 * 1024,
    return503OnClosing: true,
    // Errors met before any hook runs answer problem+json with the security headers, like the rest.
    frameworkErrors,
    clientErrorHandler,
  }).withTypeProvider<ZodTypeProvider>();
  if (onRoute) app.addHook("onRoute", onRoute);

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.decorate("config", config);
  app.decorate("db", database.db);
  app.decorate("databaseKind", database.kind);
  app.decorate("images", createImageStore(imageFilesFor(config)));
  setImageUrlBase(config.imageUrlBase);
  scheduleImageCleanup(app);
  scheduleSweep(app);
  scheduleHoldSweep(app);
  scheduleMoneyRelease(app);
  app.decorate("mailer", createMailer(config.mail, app.log));
  app.decorate("background", createBackground(app.log));
  // Notification emails (decision 023) and the reminders of holds about to run out.
  scheduleOutboxWorker(app);
  scheduleHoldReminders(app);
  app.addHook("onClose", async () => {
    // Mails still on their way go out before the process ends.
    await app.background.idle();
    app.mailer.close();
  });

  await app.register(errorsPlugin);
  // Before every route: each gets its compression rule as it registers.
  await app.register(compressionPlugin);
  await app.register(securityPlugin, {
    publicOrigin: config.publicUrl.origin,
    acceptSelfOrigin: !config.publicUrlConfigured,
    stripe: config.payments.provider === "stripe",
    imageOrigin: URL.canParse(config.imageUrlBase) ? new URL(config.imageUrlBase).origin : undefined,
  });
  // The secret signs short-lived cookies such as Google sign-in's state; the session cookie is not signed.
  await app.register(cookie, { secret: config.sessionSecret });
  await app.register(multipart, {
    attachFieldsToBody: "keyValues",
    // One file per form: a second is refused (413) before it is buffered. Posting a listing raises it
    // to MAX_PHOTOS for that route alone (its `config.multipartOptions`).
    limits: { fileSize: MAX_IMAGE_BYTES, files: 1, fields: 30, fieldSize: 100 * 1024, parts: 40 },
  });
  await app.register(rateLimitPlugin, { redisUrl: config.redisUrl });
  // Before every route, so that the OpenAPI document sees them all.
  await app.register(openapiPlugin, { secureCookies: config.secureCookies, ui: config.apiDocs });
  await app.register(authPlugin, {
    db: database.db,
    secret: config.sessionSecret,
    secureCookies: config.secureCookies,
    lockedEmails: lockedDemoEmails(config),
  });
  await app.register(demoLockPlugin, { locked: lockedDemoEmails(config) });
  await app.register(liveStreamPlugin, { database });
  app.liveStream.source("notification", notificationLiveSource);

  await app.register(healthRoutes);
  await app.register(authRoutes);
  await app.register(googleSigninRoutes);
  await app.register(categoryRoutes);
  await app.register(listingRoutes);
  await app.register(orderRoutes);
  await app.register(cashRoutes);
  await app.register(ledgerRoutes);
  await app.register(payoutRoutes);
  await app.register(reportRoutes);
  await app.register(messageRoutes);
  await app.register(notificationRoutes);
  await app.register(sellerRoutes);
  await app.register(savedRoutes);
  await app.register(reviewRoutes);
  await app.register(adminRoutes);
  await app.register(overviewRoutes);
  const payments = config.payments;
  const provider =
    paymentProvider ??
    (payments.provider === "stripe" ? createStripeProvider(payments) : createTestProvider(database.db));
  await app.register(paymentRoutes, { provider });
  // A dispute's refund goes back through the same provider that took the payment.
  await app.register(disputeRoutes, { provider });

  await app.register(webPlugin, { images: app.images.files, webDist: config.webDist });
  return app;
}
