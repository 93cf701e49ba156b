import { MessageCircle } from "lucide-react";
import { Link } from "react-router";
import { TALK_MSG } from "#shared/talk-messages.ts";
import { paths } from "#web/config/paths.ts";
import { useFormat, useTexts } from "#web/lib/i18n.tsx";
import { useSession } from "#web/lib/session.ts";
import { TALK_PAGES_TEXT } from "#web/texts/talk.ts";
import { useUnreadMessages } from "./api/unread.ts";

/** Buyers and sellers have conversations; an admin has none. */
function useCount(): number {
  const { user } = useSession();
  const talks = user?.role === "buyer" || user?.role === "seller";
  return useUnreadMessages(talks).data ?? 0;
}

/** The count as its badge shows it: "99+" past 99, in the page's digits. */
function useBadgeText(): (count: number) => string {
  const T = useTexts(TALK_PAGES_TEXT).talkPages.common;
  const format = useFormat();
  return (count) => (count > 99 ? T.manyUnread : format.number(count));
}

/** The unread count beside "Messages" in the dashboard menu: nothing when all is read. */
export function UnreadMessagesBadge() {
  const count = useCount();
  const msg = useTexts(TALK_MSG).conversation;
  const badge = useBadgeText();
  if (count === 0) return null;
  return (
    <span className="badge badge-primary badge-sm ml-auto">
      <span aria-hidden="true">{badge(count)}</span>
      <span className="sr-only">{msg.unread(count)}</span>
    </span>
  );
}

/** The top bar's link to Messages, with the unread count over its icon (buyers and sellers only). */
export function MessagesNavLink() {
  const { user } = useSession();
  const count = useCount();
  const msg = useTexts(TALK_MSG).conversation;
  const badge = useBadgeText();
  if (user?.role !== "buyer" && user?.role !== "seller") return null;
  const label = count > 0 ? `${msg.listTitle}: ${msg.unread(count)}` : msg.listTitle;
  return (
    <Link
      to={paths.dashboard.messages.getHref()}
      className="btn btn-ghost btn-circle btn-sm indicator"
      aria-label={label}
      title={label}
    >
      <MessageCircle className="size-5" aria-hidden="true" />
      {count > 0 ? (
        <span className="indicator-item badge badge-primary badge-xs" aria-hidden="true">
          {badge(count)}
        </span>
      ) : null}
    </Link>
  );
}
