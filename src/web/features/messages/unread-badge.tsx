import { MessageCircle } from "lucide-react";
import { Link } from "react-router";
import { TALK_MSG } from "#shared/talk-messages.ts";
import { paths } from "#web/config/paths.ts";
import { useSession } from "#web/lib/session.ts";
import { useUnreadMessages } from "./api/unread.ts";

/** Buyers and sellers have conversations; an admin has none. */
function useCount(): number {
  const { user } = useSession();
  const talks = user?.role === "buyer" || user?.role === "seller";
  return useUnreadMessages(talks).data ?? 0;
}

/** The unread count beside "Messages" in the dashboard menu: nothing when all is read. */
export function UnreadMessagesBadge() {
  const count = useCount();
  if (count === 0) return null;
  return (
    <span className="badge badge-primary badge-sm ml-auto">
      <span aria-hidden="true">{count > 99 ? "99+" : count}</span>
      <span className="sr-only">{TALK_MSG.conversation.unread(count)}</span>
    </span>
  );
}

/** The top bar's link to Messages, with the unread count over its icon (buyers and sellers only). */
export function MessagesNavLink() {
  const { user } = useSession();
  const count = useCount();
  if (user?.role !== "buyer" && user?.role !== "seller") return null;
  const label =
    count > 0
      ? `${TALK_MSG.conversation.listTitle}: ${TALK_MSG.conversation.unread(count)}`
      : TALK_MSG.conversation.listTitle;
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
          {count > 99 ? "99+" : count}
        </span>
      ) : null}
    </Link>
  );
}
