import { Link } from "react-router";
import type { Notification } from "#shared/schemas/notifications.ts";
import { TALK_MSG } from "#shared/talk-messages.ts";
import { useFormat, useSay, useTexts } from "#web/lib/i18n.tsx";

/** Only a path on this site is followed (the link is the server's, but a page never leaves the site). */
export const safeLink = (link: string) =>
  link.startsWith("/") && !link.startsWith("//") ? link : "/dashboard";

/** One notification as a link to what it is about: its title, words, bike and time; a dot while unread. */
export function NotificationItem({ n, onNavigate }: { n: Notification; onNavigate?: () => void }) {
  const msg = useTexts(TALK_MSG).notification;
  const format = useFormat();
  // A notification's words are stored as the English catalogue said them (the emails' too): said again
  // in the page's language. A message's notification quotes what a person wrote, never translated.
  const say = useSay();
  const body = n.kind === "messageReceived" ? n.data.body : say(n.data.body);
  return (
    <Link
      to={safeLink(n.data.link)}
      onClick={onNavigate}
      className="flex gap-3 rounded-box p-3 hover:bg-base-200 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-primary"
    >
      <span className="mt-1.5 w-2 shrink-0">
        {n.read ? null : (
          <span className="block size-2 rounded-full bg-primary">
            <span className="sr-only">{msg.unreadLabel}</span>
          </span>
        )}
      </span>
      <span className="flex min-w-0 flex-col gap-0.5">
        <span className={`break-words ${n.read ? "" : "font-semibold"}`}>{say(n.data.title)}</span>
        <span className="break-words text-sm text-base-content/80">{body}</span>
        {n.data.bike ? (
          <span className="text-sm text-base-content/70">
            {`${n.data.bike.model}, ${format.taka(n.data.bike.price)}`}
          </span>
        ) : null}
        <time className="text-xs text-base-content/60" dateTime={n.createdAt}>
          {format.dateTime(n.createdAt)}
        </time>
      </span>
    </Link>
  );
}
