import { randomBytes } from "node:crypto";
import { hash } from "@node-rs/argon2";
import { and, eq, gt, lt } from "drizzle-orm";
import type { Db } from "#server/db/client.ts";
import { passwordResetTokens, users } from "#server/db/schema.ts";
import { BadRequest } from "#server/errors.ts";
import { translate } from "#server/lib/i18n.ts";
import type { Mail, Mailer } from "#server/mail/mailer.ts";
import type { Locale } from "#shared/i18n/locales.ts";
import { MSG } from "#shared/messages.ts";
import { TALK_MSG } from "#shared/talk-messages.ts";
import { findUserByEmail } from "./service.ts";
import { endSessions, hashToken } from "./sessions.ts";

export const RESET_TOKEN_TTL_MS = 60 * 60 * 1000;
/** The SPA route that reads the token (docs/product.md: `/reset-password?token=…`). */
const RESET_PAGE = "/reset-password";

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** The reset email, in `locale` (src/server/lib/i18n.ts). */
function resetMail(to: string, name: string, link: string, locale: Locale): Mail {
  const t = (text: string) => translate(text, locale);
  const [greeting, asked, openWithin, notYou] = [
    t(TALK_MSG.notification.emailGreeting(name)),
    t(MSG.passwordReset.emailAsked),
    t(MSG.passwordReset.emailOpenWithin),
    t(MSG.passwordReset.emailNotYou),
  ];
  const text = [greeting, "", asked, openWithin, "", link, "", notYou, "", "MotoHaat"].join("\n");
  const href = escapeHtml(link);
  const html = `<p>${escapeHtml(greeting)}</p>
<p>${escapeHtml(asked)}
${escapeHtml(openWithin)}</p>
<p><a href="${href}">${href}</a></p>
<p>${escapeHtml(notYou)}</p>
<p>MotoHaat</p>`;
  return { to, subject: t(MSG.passwordReset.emailSubject), text, html };
}

/**
 * Emails a one-hour, single-use reset link when the address has an account, and does nothing
 * otherwise. Callers run it in the background and answer the same either way. The email is in the
 * account's chosen language, else in `locale` (the language of the request that asked for it).
 */
export async function sendPasswordReset(
  db: Db,
  mailer: Mailer,
  opts: { secret: string; publicUrl: URL; locale: Locale },
  email: string,
): Promise<void> {
  const user = await findUserByEmail(db, email);
  if (!user) return;
  const now = Date.now();
  const token = randomBytes(32).toString("base64url");
  await deleteExpiredResetTokens(db);
  await db.insert(passwordResetTokens).values({
    id: hashToken(opts.secret, token),
    userId: user.id,
    expiresAt: new Date(now + RESET_TOKEN_TTL_MS),
  });
  const link = new URL(RESET_PAGE, opts.publicUrl);
  link.searchParams.set("token", token);
  await mailer.send(resetMail(user.email, user.name, link.href, user.language ?? opts.locale));
}

/** Deletes the links past their hour (sending a link and the sweeper run it). Returns how many. */
export async function deleteExpiredResetTokens(db: Pick<Db, "delete">): Promise<number> {
  const deleted = await db
    .delete(passwordResetTokens)
    .where(lt(passwordResetTokens.expiresAt, new Date()))
    .returning({ id: passwordResetTokens.id });
  return deleted.length;
}

/**
 * Spends a reset token: sets the new password, ends every session of the user and voids their
 * other reset links. Returns the user's id, for the caller to sign them in.
 */
export async function resetPassword(
  db: Db,
  secret: string,
  token: string,
  password: string,
): Promise<string> {
  // Hashed before the transaction: argon2 is slow on purpose, and a transaction should not wait for it.
  const passwordHash = await hash(password);
  return db.transaction(async (tx) => {
    const [spent] = await tx
      .delete(passwordResetTokens)
      .where(
        and(
          eq(passwordResetTokens.id, hashToken(secret, token)),
          gt(passwordResetTokens.expiresAt, new Date()),
        ),
      )
      .returning({ userId: passwordResetTokens.userId });
    if (!spent) throw new BadRequest(MSG.passwordReset.linkInvalid, { token: MSG.passwordReset.linkInvalid });
    await tx.update(users).set({ passwordHash }).where(eq(users.id, spent.userId));
    await endSessions(tx, spent.userId);
    await tx.delete(passwordResetTokens).where(eq(passwordResetTokens.userId, spent.userId));
    return spent.userId;
  });
}
