import { Link } from "react-router";
import { formatDateTime, formatTaka } from "#shared/format.ts";
import type { Notification } from "#shared/schemas/notifications.ts";
import { TALK_MSG } from "#shared/talk-messages.ts";

/** Only a path on this site is followed (the link is the server's, but a page never leaves the site). */
export const safeLink = (link: string) =>
  link.startsWith("/") && !link.startsWith("//") ? link : "/dashboard";

/** One notification as a link to what it is about: its title, words, bike and time; a dot while unread. */
export function NotificationItem({ n, onNavigate }: { n: Notification; onNavigate?: () => void }) {
  return (
    <Link
      to={safeLink(n.data.link)}
      onClick={onNavigate}
      className="flex gap-3 rounded-box p-3 hover:bg-base-200 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-primary"
    >
      <span className="mt-1.5 w-2 shrink-0">
        {n.read ? null : (
          <span className="block size-2 rounded-full bg-primary">
            <span className="sr-only">{TALK_MSG.notification.unreadLabel}</span>
          </span>
        )}
      </span>
      <span className="flex min-w-0 flex-col gap-0.5">
        <span className={`break-words ${n.read ? "" : "font-semibold"}`}>{n.data.title}</span>
        <span className="break-words text-sm text-base-content/80">{n.data.body}</span>
        {n.data.bike ? (
          <span className="text-sm text-base-content/70">
            {n.data.bike.model}, {formatTaka(n.data.bike.price)}
          </span>
        ) : null}
        <time className="text-xs text-base-content/60" dateTime={n.createdAt}>
          {formatDateTime(n.createdAt)}
        </time>
      </span>
    </Link>
  );
}
