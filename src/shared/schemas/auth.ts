import { z } from "zod";
import { MSG } from "../messages.ts";
import { ImageSchema } from "./images.ts";

export const ROLES = ["buyer", "seller", "admin"] as const;
export type Role = (typeof ROLES)[number];
export const SIGNUP_ROLES = ["buyer", "seller"] as const;

const requiredText = (message: string) => z.string({ error: message }).trim().min(1, { error: message });

export const EmailSchema = (requiredMessage: string) =>
  requiredText(requiredMessage)
    .max(254, { error: MSG.signup.emailInvalid })
    .pipe(z.email({ error: MSG.signup.emailInvalid }))
    .transform((e) => e.toLowerCase());

/** The sign-up password rule; reused by password reset. */
export const NewPasswordSchema = z
  .string({ error: MSG.signup.passwordRequired })
  .min(1, { error: MSG.signup.passwordRequired })
  .min(6, { error: MSG.signup.passwordTooShort })
  .max(200, { error: "the password must be at most 200 characters" })
  .refine((p) => /[a-z]/.test(p) && /[A-Z]/.test(p) && /\d/.test(p) && /[!@#$%^&*]/.test(p), {
    error: MSG.signup.passwordWeak,
  });

/** Text fields of the sign-up form; the photo travels beside them as a file. */
export const SignupFieldsSchema = z.object({
  name: requiredText(MSG.signup.nameRequired).max(80, { error: "the name must be at most 80 characters" }),
  email: EmailSchema(MSG.signup.emailRequired),
  role: z.enum(SIGNUP_ROLES, { error: MSG.signup.roleInvalid }),
  password: NewPasswordSchema,
});
export type SignupFields = z.infer<typeof SignupFieldsSchema>;

export const SigninSchema = z.object({
  email: EmailSchema(MSG.signin.emailRequired),
  password: z
    .string({ error: MSG.signin.passwordRequired })
    .min(1, { error: MSG.signin.passwordRequired })
    .min(6, { error: MSG.signin.passwordTooShort })
    .max(200, { error: MSG.signin.wrongCredentials }),
});
export type SigninReq = z.infer<typeof SigninSchema>;

export const UserSchema = z.object({
  id: z.string(),
  name: z.string(),
  email: z.string(),
  role: z.enum(ROLES),
  photo: ImageSchema.nullable(),
  verified: z.boolean(),
});
export type User = z.infer<typeof UserSchema>;

export const MeResponseSchema = z.object({ user: UserSchema.nullable() });
export type MeResponse = z.infer<typeof MeResponseSchema>;

export const DemoAccountSchema = z.object({ role: z.enum(ROLES), email: z.string(), password: z.string() });
export const DemoAccountsResponseSchema = z.object({ accounts: z.array(DemoAccountSchema) });
export type DemoAccount = z.infer<typeof DemoAccountSchema>;
