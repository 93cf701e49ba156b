import type { FastifyInstance, FastifyRequest } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { NotFound } from "#server/errors.ts";
import { requestLocale } from "#server/lib/i18n.ts";
import { fileField } from "#server/lib/multipart.ts";
import { authLimiters, uploadLimiter } from "#server/plugins/rate-limit.ts";
import { MSG } from "#shared/messages.ts";
import {
  DemoAccountsResponseSchema,
  MeResponseSchema,
  PasswordResetConfirmSchema,
  PasswordResetRequestedSchema,
  PasswordResetRequestSchema,
  ProfileFieldsSchema,
  SigninSchema,
  SignupFieldsSchema,
} from "#shared/schemas/auth.ts";
import { SellerPhoneSchema } from "#shared/schemas/orders.ts";
import { SigninResponseSchema } from "#shared/schemas/two-factor.ts";
import { accountRoutes } from "./account-routes.ts";
import { UncommonPasswordSchema } from "./common-passwords.ts";
import { DEMO_ACCOUNTS } from "./demo-accounts.ts";
import { lockedDemoEmails, refuseLockedDemoAccount } from "./demo-lock.ts";
import { resetPassword, sendPasswordReset } from "./password-reset.ts";
import { toUserDto } from "./presenter.ts";
import { loadAuthUser, signin, signup, updateProfile } from "./service.ts";
import {
  clearSessionCookie,
  createSession,
  deleteSession,
  sessionClient,
  setSessionCookie,
} from "./sessions.ts";
import { signinThrottle } from "./signin-throttle.ts";
import { askForSecondFactor } from "./two-factor-pending.ts";
import { twoFactorRoutes } from "./two-factor-routes.ts";

const SignupBodySchema = SignupFieldsSchema.extend({
  password: UncommonPasswordSchema,
  photo: fileField(MSG.signup.photoRequired),
});
const ResetConfirmBodySchema = PasswordResetConfirmSchema.extend({ password: UncommonPasswordSchema });
// A browser's empty file input arrives as an empty file: that means "keep the photo".
const ProfileBodySchema = ProfileFieldsSchema.extend({
  phone: SellerPhoneSchema.optional(),
  photo: z.preprocess(
    (v) => (Buffer.isBuffer(v) && v.length === 0 ? undefined : v),
    fileField(MSG.signup.photoRequired).optional(),
  ),
});

const emailOf = (request: FastifyRequest) => {
  const body = request.body as { email?: unknown } | undefined;
  return typeof body?.email === "string" ? body.email.trim().toLowerCase() : "";
};

export async function authRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { db, config } = app;
  const signupLimit = authLimiters(app, "signup", emailOf);
  const signinLimit = signinThrottle(app, emailOf);
  const resetLimit = authLimiters(app, "password-reset", emailOf);
  await app.register(accountRoutes);
  await app.register(twoFactorRoutes);

  r.post(
    "/api/auth/signup",
    {
      config: { access: "public" },
      onRequest: signupLimit.perIp,
      preHandler: signupLimit.perEmail,
      schema: {
        tags: ["auth"],
        summary: "Create a buyer or seller account (multipart, with a photo) and sign in",
        consumes: ["multipart/form-data"],
        body: SignupBodySchema,
        response: { 201: MeResponseSchema },
      },
    },
    async (request, reply) => {
      const { photo, ...fields } = request.body;
      const user = await signup(db, app.images, fields, photo);
      setSessionCookie(
        reply,
        await createSession(db, config.sessionSecret, user.id, sessionClient(request)),
        config.secureCookies,
      );
      return reply.code(201).send({ user: toUserDto(user, config.requireAdminMfa) });
    },
  );

  r.post(
    "/api/auth/signin",
    {
      config: { access: "public" },
      onRequest: signinLimit.perIp,
      preHandler: signinLimit.perAccount,
      onSend: signinLimit.recordOutcome,
      schema: {
        tags: ["auth"],
        summary:
          "Sign in with email and password (with a second factor: the code comes next, at /signin/mfa)",
        body: SigninSchema,
        response: { 200: SigninResponseSchema },
      },
    },
    async (request, reply) => {
      refuseLockedDemoAccount(config, request.body.email, request.body.password);
      const user = await signin(db, request.body.email, request.body.password);
      if (user.mfaEnabled) return askForSecondFactor(reply, config, user.id);
      setSessionCookie(
        reply,
        await createSession(db, config.sessionSecret, user.id, sessionClient(request)),
        config.secureCookies,
      );
      return { user: toUserDto(user, config.requireAdminMfa) };
    },
  );

  r.post(
    "/api/auth/signout",
    {
      config: { access: "public" },
      schema: { tags: ["auth"], summary: "End this session on the server", response: { 204: z.undefined() } },
    },
    async (request, reply) => {
      if (request.sessionId) await deleteSession(db, request.sessionId);
      clearSessionCookie(reply, config.secureCookies);
      return reply.code(204).send();
    },
  );

  r.get(
    "/api/auth/me",
    {
      config: { access: "public" },
      schema: { tags: ["auth"], summary: "The signed-in user, or null", response: { 200: MeResponseSchema } },
    },
    async (request, reply) => {
      reply.header("cache-control", "no-store");
      return { user: request.user ? toUserDto(request.user, config.requireAdminMfa) : null };
    },
  );

  r.patch(
    "/api/auth/me",
    {
      config: { access: "signedIn" },
      onRequest: uploadLimiter(app, "profile"),
      schema: {
        tags: ["auth"],
        summary:
          "Change the signed-in user's name, photo and/or phone for buyers (multipart; an empty phone removes it)",
        consumes: ["multipart/form-data", "application/json"],
        body: ProfileBodySchema,
        response: { 200: MeResponseSchema },
      },
    },
    async (request) => {
      const user = await updateProfile(db, app.images, request.user!.id, request.body);
      return { user: toUserDto(user, config.requireAdminMfa) };
    },
  );

  r.post(
    "/api/auth/password-reset",
    {
      config: { access: "public" },
      onRequest: resetLimit.perIp,
      preHandler: resetLimit.perEmail,
      schema: {
        tags: ["auth"],
        summary:
          "Email a password reset link, if the address has an account (the answer is the same either way)",
        body: PasswordResetRequestSchema,
        response: { 202: PasswordResetRequestedSchema },
      },
    },
    async (request, reply) => {
      const { email } = request.body;
      // A locked demo account gets no link (its password is public; nobody may take it over).
      if (lockedDemoEmails(config).has(email.trim().toLowerCase())) {
        return reply.code(202).send({ message: MSG.passwordReset.emailSent });
      }
      // In the background, so the answer takes as long whether or not a mail goes out.
      app.background.run("password reset mail", () =>
        sendPasswordReset(
          db,
          app.mailer,
          { secret: config.sessionSecret, publicUrl: config.publicUrl, locale: requestLocale(request) },
          email,
        ),
      );
      return reply.code(202).send({ message: MSG.passwordReset.emailSent });
    },
  );

  r.post(
    "/api/auth/password-reset/confirm",
    {
      config: { access: "public" },
      // One budget per IP for both steps: asking for links and trying tokens.
      onRequest: resetLimit.perIp,
      schema: {
        tags: ["auth"],
        summary: "Set a new password with an emailed token; ends every other session and signs in",
        body: ResetConfirmBodySchema,
        response: { 200: SigninResponseSchema },
      },
    },
    async (request, reply) => {
      const userId = await resetPassword(db, config.sessionSecret, request.body.token, request.body.password);
      const user = await loadAuthUser(db, userId);
      // The emailed link proves the address, not the authenticator: the code is still asked for.
      if (user.mfaEnabled) return askForSecondFactor(reply, config, userId);
      setSessionCookie(
        reply,
        await createSession(db, config.sessionSecret, userId, sessionClient(request)),
        config.secureCookies,
      );
      return { user: toUserDto(user, config.requireAdminMfa) };
    },
  );

  r.get(
    "/api/auth/demo-accounts",
    {
      config: { access: "public" },
      schema: {
        tags: ["auth"],
        summary: "Demo credentials; 404 unless demo data is on",
        response: { 200: DemoAccountsResponseSchema },
      },
    },
    async () => {
      if (!config.seedDemo) throw new NotFound(MSG.generic.notFound);
      return { accounts: DEMO_ACCOUNTS.map(({ role, email, password }) => ({ role, email, password })) };
    },
  );
}
