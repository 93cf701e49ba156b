import { and, eq, isNull } from "drizzle-orm";
import type { FastifyBaseLogger } from "fastify";
import type { Db } from "#server/db/client.ts";
import { users } from "#server/db/schema.ts";
import { type ImageStore, saveImage } from "#server/images/store.ts";
import { isUniqueViolation } from "#server/lib/pg-errors.ts";
import { MAX_IMAGE_BYTES } from "#shared/schemas/images.ts";
import { type GoogleProfile, GoogleSigninRefused } from "./google-oidc.ts";
import { findUserByEmail } from "./service.ts";
import { endSessions } from "./sessions.ts";

const PICTURE_TIMEOUT_MS = 5_000;
const NAME_MAX = 80;

/** The provider's picture, size-capped and time-limited; it goes through the same pipeline as uploads. */
async function fetchPicture(url: string, allowHttp: boolean): Promise<Buffer> {
  const target = new URL(url);
  if (target.protocol !== "https:" && !(allowHttp && target.protocol === "http:")) {
    throw new Error(`picture URL is not https: ${target.protocol}`);
  }
  const res = await fetch(target, { signal: AbortSignal.timeout(PICTURE_TIMEOUT_MS) });
  if (!res.ok || !res.body) throw new Error(`picture answered HTTP ${res.status}`);
  if (Number(res.headers.get("content-length") ?? 0) > MAX_IMAGE_BYTES) throw new Error("picture too large");
  const chunks: Uint8Array[] = [];
  let size = 0;
  for await (const chunk of res.body) {
    size += chunk.byteLength;
    // Leaving the loop cancels the download: a lying or missing Content-Length cannot fill memory.
    if (size > MAX_IMAGE_BYTES) throw new Error("picture too large");
    chunks.push(chunk);
  }
  return Buffer.concat(chunks);
}

/** Saves the picture at a URL as an image; its key, or null when there is none to keep. */
type PictureLoader = (url: string) => Promise<string | null>;

export function pictureLoader(
  db: Db,
  store: ImageStore,
  allowHttp: boolean,
  log: FastifyBaseLogger,
): PictureLoader {
  return async (url) => {
    try {
      return (await saveImage(db, store, await fetchPicture(url, allowHttp))).key;
    } catch (err) {
      // A photo is a nicety: without one the account simply has none, as the product allows.
      log.info({ err }, "google sign-in: the profile picture could not be used");
      return null;
    }
  };
}

/**
 * The account this Google identity signs in to: the one already linked to it; else the account
 * with the same (verified) address, which gets linked and keeps its role (losing its password and
 * sessions, see below); else a new buyer.
 */
export async function googleAccount(
  db: Db,
  profile: GoogleProfile,
  loadPicture: PictureLoader,
  retried = false,
): Promise<string> {
  const [linked] = await db
    .select({ id: users.id })
    .from(users)
    .where(eq(users.googleSub, profile.sub))
    .limit(1);
  if (linked) return linked.id;
  if (!profile.email || !profile.emailVerified) throw new GoogleSigninRefused("google_unverified");

  const existing = await findUserByEmail(db, profile.email);
  if (existing) {
    if (existing.googleSub) throw new GoogleSigninRefused("google_linked_elsewhere");
    // Sign-up never proves an address, so whoever made this account may not own it: someone could
    // register a victim's address and wait for them to arrive through Google. The provider has now
    // proven it, so the account's password and sessions, which may be the squatter's, go; the owner
    // signs in through Google or sets a password by email.
    const updated = await db.transaction(async (tx) => {
      const [row] = await tx
        .update(users)
        .set({ googleSub: profile.sub, passwordHash: null })
        .where(and(eq(users.id, existing.id), isNull(users.googleSub)))
        .returning({ id: users.id });
      if (row) await endSessions(tx, row.id);
      return row;
    });
    if (updated) return updated.id;
    // Linked by a sign-in that finished a moment earlier: look again.
    if (!retried) return googleAccount(db, profile, loadPicture, true);
    throw new GoogleSigninRefused("google_linked_elsewhere");
  }

  const photoKey = profile.picture ? await loadPicture(profile.picture) : null;
  try {
    const [row] = await db
      .insert(users)
      .values({
        name: profile.name?.slice(0, NAME_MAX) ?? profile.email.split("@")[0]!.slice(0, NAME_MAX),
        email: profile.email,
        role: "buyer",
        passwordHash: null,
        photoKey,
        googleSub: profile.sub,
      })
      .returning({ id: users.id });
    return row!.id;
  } catch (err) {
    // A second callback for the same person (a double click) created the account first.
    if (isUniqueViolation(err) && !retried) return googleAccount(db, profile, loadPicture, true);
    throw err;
  }
}
