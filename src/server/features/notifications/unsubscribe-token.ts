import { createHmac, timingSafeEqual } from "node:crypto";
import { deriveKey } from "#server/lib/secret-box.ts";
import { NOTIFICATION_KINDS, type NotificationKind } from "#shared/schemas/notifications.ts";

/**
 * The token of an email's unsubscribe link: `<user id>.<kind>.<HMAC>`, keyed by a key derived from
 * SESSION_SECRET for this purpose alone. It names who and what, and only the server can make one, so
 * the one-click POST needs no session (a mail provider sends it, RFC 8058). It does not expire:
 * an old email's link must still work, and all it can do is switch one email off.
 */
function signature(secret: string, userId: string, kind: string): Buffer {
  return createHmac("sha256", deriveKey(secret, "unsubscribe")).update(`${userId}.${kind}`).digest();
}

export function unsubscribeToken(secret: string, userId: string, kind: NotificationKind): string {
  return `${userId}.${kind}.${signature(secret, userId, kind).toString("base64url")}`;
}

/** The person and kind the token names, or null when it is malformed, altered or made with another key. */
export function readUnsubscribeToken(
  secret: string,
  token: string,
): { userId: string; kind: NotificationKind } | null {
  const [userId, kind, sig, ...rest] = token.split(".");
  if (!userId || !kind || !sig || rest.length > 0 || !Object.hasOwn(NOTIFICATION_KINDS, kind)) return null;
  if (!/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/.test(userId)) return null;
  const given = Buffer.from(sig, "base64url");
  const expected = signature(secret, userId, kind);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
  return { userId, kind: kind as NotificationKind };
}
