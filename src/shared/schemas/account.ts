import { z } from "zod";
import { LOCALES } from "#shared/i18n/locales.ts";
import { MSG } from "#shared/messages.ts";
import { NewPasswordSchema } from "./auth.ts";

/** Changing one's password while signed in. The server also refuses common passwords (too large a list for the browser). */
export const ChangePasswordSchema = z.object({
  currentPassword: z
    .string({ error: MSG.account.currentPasswordRequired })
    .min(1, { error: MSG.account.currentPasswordRequired })
    .max(200, { error: MSG.account.currentPasswordWrong }),
  newPassword: NewPasswordSchema,
});
export type ChangePasswordReq = z.infer<typeof ChangePasswordSchema>;

export const ChangePasswordResponseSchema = z.object({ message: z.string() });

/** One signed-in session, as its owner sees it in the list of devices. */
const DeviceSchema = z.object({
  /** Opaque: not the session's stored id, and no use outside this list. */
  id: z.string(),
  /** "Firefox 128", or null when the User-Agent says nothing we recognise. */
  browser: z.string().nullable(),
  /** "Windows 10", "Android 14", or null. */
  os: z.string().nullable(),
  /** Where-ish: the address it signed in from with its last part masked ("203.0.113.x"). */
  ip: z.string().nullable(),
  signedInAt: z.iso.datetime(),
  /** Updated at most hourly. */
  lastSeenAt: z.iso.datetime(),
  current: z.boolean(),
});
export type Device = z.infer<typeof DeviceSchema>;

export const DevicesResponseSchema = z.object({ devices: z.array(DeviceSchema) });
export type DevicesResponse = z.infer<typeof DevicesResponseSchema>;

export const EndedSessionsResponseSchema = z.object({ ended: z.number().int() });

/** What a person types to delete an account that has no password (it signs in with Google only). */
export const DELETE_ACCOUNT_WORD = "DELETE";

/**
 * Deleting one's own account (`DELETE /api/me`): the password, or for an account without one the word
 * DELETE. Which one is needed depends on the account, so the server decides; both are optional here.
 */
export const DeleteAccountSchema = z.object({
  password: z.string().max(200, { error: MSG.account.deletePasswordWrong }).optional(),
  confirm: z.string().max(20, { error: MSG.account.deleteWordRequired }).optional(),
});
export type DeleteAccountReq = z.infer<typeof DeleteAccountSchema>;

/** A person's choice of language (issue 25): remembered on the device and, signed in, with the account. */
export const LanguageSchema = z.object({ language: z.enum(LOCALES, { error: MSG.language.unknown }) });
export type LanguageReq = z.infer<typeof LanguageSchema>;
