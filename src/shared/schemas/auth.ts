import { z } from "zod";
import { LOCALES } from "#shared/i18n/locales.ts";
import { MSG } from "#shared/messages.ts";
import { ImageSchema } from "./images.ts";

const ROLES = ["buyer", "seller", "admin"] as const;
export type Role = (typeof ROLES)[number];
const SIGNUP_ROLES = ["buyer", "seller"] as const;

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

/** The name rule of sign-up, shared with profile editing. */
export const NameSchema = requiredText(MSG.signup.nameRequired).max(80, {
  error: "the name must be at most 80 characters",
});

/** Text fields of the sign-up form; the photo travels beside them as a file. */
export const SignupFieldsSchema = z.object({
  name: NameSchema,
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
  /** Signs in with a second factor (TOTP). */
  mfaEnabled: z.boolean(),
  /** Must have a second factor (an admin, where REQUIRE_ADMIN_MFA is on): no admin page works until it is on. */
  mfaRequired: z.boolean(),
  /** Has a password (not Google-only): can change it, and prove who they are with it. */
  hasPassword: z.boolean(),
  /** The phone a seller gives their buyers (`+8801XXXXXXXXX`), or null: only ever sent to its owner here. */
  phone: z.string().nullable(),
  /** The language the person chose (`en`, `bn`), or null: this device's cookie or browser decides. */
  language: z.enum(LOCALES).nullable(),
});
export type User = z.infer<typeof UserSchema>;

export const MeResponseSchema = z.object({ user: UserSchema.nullable() });
export type MeResponse = z.infer<typeof MeResponseSchema>;

const DemoAccountSchema = z.object({ role: z.enum(ROLES), email: z.string(), password: z.string() });
export const DemoAccountsResponseSchema = z.object({ accounts: z.array(DemoAccountSchema) });
export type DemoAccount = z.infer<typeof DemoAccountSchema>;

/** Which sign-in providers this server is set up for: the web app shows their buttons only then. */
export const AuthProvidersResponseSchema = z.object({ google: z.boolean() });
export type AuthProvidersResponse = z.infer<typeof AuthProvidersResponseSchema>;

/**
 * Why a Google sign-in came back to /signin: the `error` query parameter, and what to tell the
 * person. A code travels, never text, so a crafted link cannot put words on our page.
 */
export const GOOGLE_SIGNIN_ERRORS = {
  google_unavailable: MSG.google.unavailable,
  google_failed: MSG.google.failed,
  google_cancelled: MSG.google.cancelled,
  google_unverified: MSG.google.unverified,
  google_linked_elsewhere: MSG.google.linkedElsewhere,
  google_error: MSG.generic.somethingWrong,
} as const;
export type GoogleSigninError = keyof typeof GOOGLE_SIGNIN_ERRORS;

export function googleSigninErrorMessage(code: string | null): string | null {
  return code && Object.hasOwn(GOOGLE_SIGNIN_ERRORS, code)
    ? GOOGLE_SIGNIN_ERRORS[code as GoogleSigninError]
    : null;
}

/** Forgot password: asked for on /signin, so its messages are the sign-in form's. */
export const PasswordResetRequestSchema = z.object({ email: EmailSchema(MSG.signin.emailRequired) });
export type PasswordResetRequestReq = z.infer<typeof PasswordResetRequestSchema>;

/** The same answer whether or not an account has this address: nothing to learn from it. */
export const PasswordResetRequestedSchema = z.object({ message: z.literal(MSG.passwordReset.emailSent) });

export const PasswordResetConfirmSchema = z.object({
  token: z
    .string({ error: MSG.passwordReset.linkMissing })
    .min(1, { error: MSG.passwordReset.linkMissing })
    .max(200, { error: MSG.passwordReset.linkInvalid }),
  password: NewPasswordSchema,
});
export type PasswordResetConfirmReq = z.infer<typeof PasswordResetConfirmSchema>;

/** Text fields of the profile form; a new photo, when chosen, travels beside them as a file. */
export const ProfileFieldsSchema = z.object({ name: NameSchema.optional() });
export type ProfileFields = z.infer<typeof ProfileFieldsSchema>;
