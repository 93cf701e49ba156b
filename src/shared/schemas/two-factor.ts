import { z } from "zod";
import { MSG } from "#shared/messages.ts";
import { UserSchema } from "./auth.ts";

/** The `code` of the 403 an admin without a second factor gets, where the rules require one. */
export const MFA_ENROLMENT_REQUIRED = "mfa_enrolment_required";

/** Authenticator apps show "123 456"; the spaces are only for reading. */
const withoutSpaces = (v: unknown) => (typeof v === "string" ? v.replace(/\s+/g, "") : v);

/** A 6-digit TOTP code, as typed. */
const TotpCodeSchema = z.preprocess(
  withoutSpaces,
  z
    .string({ error: MSG.mfa.codeRequired })
    .min(1, { error: MSG.mfa.codeRequired })
    .regex(/^\d{6}$/, { error: MSG.mfa.codeFormat }),
);

/** Sign-in's second step: a current code, or one of the recovery codes (which is then used up). */
export const MfaSigninSchema = z.object({
  code: z.preprocess(
    withoutSpaces,
    z
      .string({ error: MSG.mfa.codeRequired })
      .min(1, { error: MSG.mfa.codeRequired })
      .max(40, { error: MSG.mfa.wrongRecoveryCode }),
  ),
});
export type MfaSigninReq = z.infer<typeof MfaSigninSchema>;

export const isTotpCode = (code: string) => /^\d{6}$/.test(code);

/** A correct password of an account with a second factor: no session yet, the code comes next. */
const MfaRequiredSchema = z.object({ mfaRequired: z.literal(true) });
export const SigninResponseSchema = z.union([z.object({ user: UserSchema }), MfaRequiredSchema]);
export type SigninResponse = z.infer<typeof SigninResponseSchema>;

/** What an authenticator app needs: a QR code to scan, or the secret to type. */
export const MfaSetupResponseSchema = z.object({
  secret: z.string(),
  uri: z.string(),
  /** An SVG image as a data: URL. */
  qrCode: z.string(),
});
export type MfaSetupResponse = z.infer<typeof MfaSetupResponseSchema>;

/** The password too: a session alone (perhaps stolen) cannot tie the account to another authenticator. */
export const MfaConfirmSchema = z.object({
  code: TotpCodeSchema,
  password: z
    .string({ error: MSG.mfa.passwordRequired })
    .min(1, { error: MSG.mfa.passwordRequired })
    .max(200),
});
export type MfaConfirmReq = z.infer<typeof MfaConfirmSchema>;

/** Shown once, when two-step sign-in is turned on; only their HMAC is kept. */
export const MfaEnabledResponseSchema = z.object({ user: UserSchema, recoveryCodes: z.array(z.string()) });
export type MfaEnabledResponse = z.infer<typeof MfaEnabledResponseSchema>;

/** Turning the second factor off: the password, or (for an account without one) a current code. */
export const MfaDisableSchema = z
  .object({
    password: z.string().max(200).optional(),
    code: TotpCodeSchema.optional(),
  })
  .refine((b) => Boolean(b.password) || Boolean(b.code), {
    error: MSG.mfa.proofRequired,
    path: ["password"],
  });
export type MfaDisableReq = z.infer<typeof MfaDisableSchema>;
