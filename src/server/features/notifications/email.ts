import { translate } from "#server/lib/i18n.ts";
import type { Mail } from "#server/mail/mailer.ts";
import { formatTaka } from "#shared/format.ts";
import { DEFAULT_LOCALE, type Locale } from "#shared/i18n/locales.ts";
import {
  NOTIFICATION_KINDS,
  type NotificationData,
  type NotificationKind,
} from "#shared/schemas/notifications.ts";
import { TALK_MSG } from "#shared/talk-messages.ts";
import { unsubscribeToken } from "./unsubscribe-token.ts";

/** Everything a notification's email needs: who it is for, what happened, and where the site is. */
export type EmailInput = {
  /** `language`: the person's saved choice; the email is in English until they make one. */
  to: { id: string; name: string; email: string; language: Locale | null };
  kind: NotificationKind;
  data: NotificationData;
  /** The outbox row's key (`<notification id>:email`): the Message-ID is made from it. */
  idempotencyKey: string;
  publicUrl: URL;
  sessionSecret: string;
};

const ESCAPES: Record<string, string> = {
  "&": "&amp;",
  "<": "&lt;",
  ">": "&gt;",
  '"': "&quot;",
  "'": "&#39;",
};

/** Text for HTML: every character that could open markup or leave an attribute is escaped. */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ESCAPES[c]!);
}

/**
 * The notification's link made absolute on our own site. A link that is not a path here (no leading
 * `/`, or `//host`) becomes the site's root: an email never points elsewhere.
 */
function siteLink(publicUrl: URL, link: string): string {
  const path = link.startsWith("/") && !link.startsWith("//") ? link : "/";
  return new URL(path, publicUrl).toString();
}

/**
 * The same Message-ID for every try of one notification's email (RFC 5322 §3.6.4): a copy sent again
 * after a crash between the SMTP server's OK and our record of it is the same message to the mail
 * systems that de-duplicate by it.
 */
export function messageIdOf(idempotencyKey: string, publicUrl: URL): string {
  return `<${idempotencyKey.replace(/[^A-Za-z0-9]/g, ".")}.notification@${publicUrl.hostname}>`;
}

/**
 * A notification's email: a plain-text and an HTML part saying the same (everything of the person's
 * or the bike's escaped in the HTML), the bike's model and price in taka, an absolute link to it, and
 * an unsubscribe link for this kind, also as List-Unsubscribe with One-Click (RFC 2369, RFC 8058).
 */
export function notificationEmail(input: EmailInput): Mail {
  const { to, kind, data, publicUrl } = input;
  const token = unsubscribeToken(input.sessionSecret, to.id, kind);
  const oneClick = new URL(`/api/notifications/unsubscribe?token=${encodeURIComponent(token)}`, publicUrl);
  const page = new URL(`/unsubscribe?token=${encodeURIComponent(token)}`, publicUrl);
  const link = siteLink(publicUrl, data.link);
  // In the recipient's language: the notification's words are stored as the English catalogue wrote
  // them, and said again from the chosen language's catalogue (src/server/lib/i18n.ts).
  const locale = to.language ?? DEFAULT_LOCALE;
  const t = (text: string) => translate(text, locale);
  const title = t(data.title);
  // A message's notification quotes what a person wrote: their words, never ours to translate.
  const body = kind === "messageReceived" ? data.body : t(data.body);
  const greeting = t(TALK_MSG.notification.emailGreeting(to.name));
  const open = t(TALK_MSG.notification.emailOpen);
  const why = t(TALK_MSG.notification.emailWhy(NOTIFICATION_KINDS[kind]));
  const unsubscribe = t(TALK_MSG.notification.emailUnsubscribe);
  const price = data.bike ? formatTaka(data.bike.price, locale) : "";
  const bike = data.bike ? `${data.bike.model}, ${price}` : null;

  const text = [
    greeting,
    "",
    title,
    "",
    body,
    ...(bike ? ["", bike] : []),
    "",
    `${open}: ${link}`,
    "",
    "--",
    why,
    `${unsubscribe}: ${page}`,
    "",
  ].join("\n");

  const e = escapeHtml;
  const html = `<!doctype html>
<html lang="${locale}"><head><meta charset="utf-8"><title>${e(title)}</title></head>
<body style="font-family:sans-serif;line-height:1.5;color:#1f2937">
<p>${e(greeting)}</p>
<h1 style="font-size:1.25rem">${e(title)}</h1>
<p>${e(body)}</p>
${bike ? `<p><strong>${e(data.bike!.model)}</strong>, ${e(price)}</p>\n` : ""}<p><a href="${e(link)}">${e(open)}</a></p>
<hr>
<p style="font-size:0.875rem;color:#6b7280">${e(why)}<br>
<a href="${e(page.toString())}">${e(unsubscribe)}</a></p>
</body></html>
`;

  return {
    to: to.email,
    subject: title,
    text,
    html,
    messageId: messageIdOf(input.idempotencyKey, publicUrl),
    headers: {
      "List-Unsubscribe": `<${oneClick}>`,
      "List-Unsubscribe-Post": "List-Unsubscribe=One-Click",
    },
  };
}
