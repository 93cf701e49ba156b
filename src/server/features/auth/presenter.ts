import { sql } from "drizzle-orm";
import { users } from "#server/db/schema.ts";
import type { AuthUser } from "#server/features/people/accounts.ts";
import { type PersonRow, personColumns, toStoredPhoto } from "#server/features/people/presenter.ts";
import { toImage } from "#server/images/store.ts";
import type { Locale } from "#shared/i18n/locales.ts";
import type { Role, User } from "#shared/schemas/auth.ts";

/**
 * The columns a signed-in user is read with: select them from `users` left-joined to their photo
 * (`personPhotoJoin`).
 */
export const authUserColumns = {
  ...personColumns(),
  role: users.role,
  verified: users.verified,
  totpEnabledAt: users.totpEnabledAt,
  hasPassword: sql<boolean>`${users.passwordHash} is not null`,
  phone: users.phone,
  language: users.language,
};

type AuthUserRow = PersonRow & {
  role: Role;
  verified: boolean;
  totpEnabledAt: Date | null;
  hasPassword: boolean;
  phone: string | null;
  language: Locale | null;
};

/** A row of `authUserColumns` as the request's user. */
export function toAuthUser(r: AuthUserRow): AuthUser {
  return {
    id: r.id,
    name: r.name,
    email: r.email,
    role: r.role,
    verified: r.verified,
    mfaEnabled: r.totpEnabledAt !== null,
    hasPassword: r.hasPassword,
    photo: toStoredPhoto(r),
    phone: r.phone,
    language: r.language,
  };
}

/** The user as the API answers it. `requireAdminMfa` is the config's: whether an admin must have a second factor. */
export function toUserDto(u: AuthUser, requireAdminMfa: boolean): User {
  return {
    id: u.id,
    name: u.name,
    email: u.email,
    role: u.role,
    verified: u.verified,
    photo: u.photo ? toImage(u.photo) : null,
    mfaEnabled: u.mfaEnabled,
    mfaRequired: requireAdminMfa && u.role === "admin",
    hasPassword: u.hasPassword,
    phone: u.phone,
    language: u.language,
  };
}
