import { eq } from "drizzle-orm";
import type { FastifyInstance, FastifyRequest } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { MSG } from "#shared/messages.ts";
import {
  DemoAccountsResponseSchema,
  MeResponseSchema,
  SigninSchema,
  SignupFieldsSchema,
} from "#shared/schemas/auth.ts";
import { sessions } from "../../db/schema.ts";
import { fileField } from "../../lib/multipart.ts";
import { clearSessionCookie, createSession, setSessionCookie } from "../../plugins/auth.ts";
import { authLimiters } from "../../plugins/rate-limit.ts";
import { DEMO_ACCOUNTS } from "./demo-accounts.ts";
import { signin, signup, toUserDto } from "./service.ts";

const SignupBodySchema = SignupFieldsSchema.extend({ photo: fileField(MSG.signup.photoRequired) });

const emailOf = (request: FastifyRequest) => {
  const body = request.body as { email?: unknown } | undefined;
  return typeof body?.email === "string" ? body.email.trim().toLowerCase() : "";
};

export async function authRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { db, config } = app;
  const signupLimit = authLimiters(app, "signup", emailOf);
  const signinLimit = authLimiters(app, "signin", emailOf);

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
      setSessionCookie(reply, await createSession(db, config.sessionSecret, user.id), config.secureCookies);
      return reply.code(201).send({ user: toUserDto(user) });
    },
  );

  r.post(
    "/api/auth/signin",
    {
      config: { access: "public" },
      onRequest: signinLimit.perIp,
      preHandler: signinLimit.perEmail,
      schema: {
        tags: ["auth"],
        summary: "Sign in with email and password",
        body: SigninSchema,
        response: { 200: MeResponseSchema },
      },
    },
    async (request, reply) => {
      const user = await signin(db, request.body.email, request.body.password);
      setSessionCookie(reply, await createSession(db, config.sessionSecret, user.id), config.secureCookies);
      return { user: toUserDto(user) };
    },
  );

  r.post(
    "/api/auth/signout",
    {
      config: { access: "public" },
      schema: { tags: ["auth"], summary: "End this session on the server", response: { 204: z.undefined() } },
    },
    async (request, reply) => {
      if (request.sessionId) await db.delete(sessions).where(eq(sessions.id, request.sessionId));
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
      return { user: request.user ? toUserDto(request.user) : null };
    },
  );

  r.get(
    "/api/auth/demo-accounts",
    {
      config: { access: "public" },
      schema: {
        tags: ["auth"],
        summary: "Demo credentials, only while demo data is on",
        response: { 200: DemoAccountsResponseSchema },
      },
    },
    async () => ({
      accounts: config.seedDemo
        ? DEMO_ACCOUNTS.map(({ role, email, password }) => ({ role, email, password }))
        : [],
    }),
  );
}
