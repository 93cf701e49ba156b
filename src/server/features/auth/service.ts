import { hash, verify } from "@node-rs/argon2";
import { eq, sql } from "drizzle-orm";
import type { Db } from "#server/db/client.ts";
import { images, users } from "#server/db/schema.ts";
import { BadRequest, Conflict, Unauthorized } from "#server/errors.ts";
import { type AuthUser, lockLiveAccount } from "#server/features/people/accounts.ts";
import { personPhotoJoin } from "#server/features/people/presenter.ts";
import { type ImageStore, saveImage } from "#server/images/store.ts";
import { isUniqueViolation } from "#server/lib/pg-errors.ts";
import { MSG } from "#shared/messages.ts";
import type { ProfileFields, SignupFields } from "#shared/schemas/auth.ts";
import { authUserColumns, toAuthUser } from "./presenter.ts";

/** Verified against when the email is unknown, so both failures take the same time. */
const DUMMY_HASH = await hash("not-a-real-password-Aa1!");

export async function findUserByEmail(db: Db, email: string) {
  const rows = await db
    .select()
    .from(users)
    .where(eq(sql`lower(${users.email})`, email.toLowerCase()))
    .limit(1);
  return rows[0];
}

export async function loadAuthUser(db: Db, id: string): Promise<AuthUser> {
  const rows = await db
    .select(authUserColumns)
    .from(users)
    .leftJoin(images, personPhotoJoin())
    .where(eq(users.id, id))
    .limit(1);
  const r = rows[0];
  if (!r) throw new Unauthorized(MSG.auth.notSignedIn);
  return toAuthUser(r);
}

const emailTaken = () => new Conflict(MSG.signup.emailTaken, { email: MSG.signup.emailTaken });

export async function signup(
  db: Db,
  store: ImageStore,
  fields: SignupFields,
  photo: Buffer,
): Promise<AuthUser> {
  if (await findUserByEmail(db, fields.email)) {
    // A sign-up's work before saying no (the photo encoded but not kept, the password hashed): the
    // answer's timing does not tell that the address has an account, and a bad photo is named first.
    await store.encode(photo);
    await hash(fields.password);
    throw emailTaken();
  }
  const image = await saveImage(db, store, photo);
  const passwordHash = await hash(fields.password);
  try {
    const [row] = await db
      .insert(users)
      .values({
        name: fields.name,
        email: fields.email,
        role: fields.role,
        passwordHash,
        photoKey: image.key,
      })
      .returning({ id: users.id });
    return loadAuthUser(db, row!.id);
  } catch (err) {
    if (isUniqueViolation(err)) throw emailTaken();
    throw err;
  }
}

export async function signin(db: Db, email: string, password: string): Promise<AuthUser> {
  const user = await findUserByEmail(db, email);
  const ok = await verify(user?.passwordHash ?? DUMMY_HASH, password);
  if (!user?.passwordHash || !ok) {
    throw new Unauthorized(MSG.signin.wrongCredentials, { password: MSG.signin.wrongCredentials });
  }
  return loadAuthUser(db, user.id);
}

/**
 * A new name, a new photo (through the image pipeline), a phone for buyers (null removes it), or
 * several of them.
 */
export async function updateProfile(
  db: Db,
  store: ImageStore,
  userId: string,
  changes: ProfileFields & { photo?: Buffer | undefined; phone?: string | null | undefined },
): Promise<AuthUser> {
  if (changes.name === undefined && !changes.photo && changes.phone === undefined)
    throw new BadRequest(MSG.profile.nothingToChange);
  const photo = changes.photo ? await saveImage(db, store, changes.photo) : undefined;
  await db.transaction(async (tx) => {
    // Deleted since this request signed in: the deleted row keeps no new name or photo (401).
    await lockLiveAccount(tx, userId);
    await tx
      .update(users)
      .set({
        ...(changes.name !== undefined && { name: changes.name }),
        ...(photo && { photoKey: photo.key }),
        ...(changes.phone !== undefined && { phone: changes.phone }),
      })
      .where(eq(users.id, userId));
  });
  return loadAuthUser(db, userId);
}

export async function createUser(
  db: Db,
  input: { name: string; email: string; role: AuthUser["role"]; password: string; photoKey?: string | null },
): Promise<string> {
  const [row] = await db
    .insert(users)
    .values({
      name: input.name,
      email: input.email.toLowerCase(),
      role: input.role,
      passwordHash: await hash(input.password),
      photoKey: input.photoKey ?? null,
    })
    .returning({ id: users.id });
  return row!.id;
}
