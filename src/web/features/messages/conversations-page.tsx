import { MessagesSquare } from "lucide-react";
import { Link } from "react-router";
import type { Conversation } from "#shared/schemas/messages.ts";
import { TALK_MSG } from "#shared/talk-messages.ts";
import { EmptyState } from "#web/components/empty-state.tsx";
import { ListFrame } from "#web/components/list-frame.tsx";
import { PageTitle } from "#web/components/page-title.tsx";
import { Spinner } from "#web/components/spinner.tsx";
import { UserAvatar } from "#web/components/user-avatar.tsx";
import { paths } from "#web/config/paths.ts";
import { useFormat, useSay, useTexts } from "#web/lib/i18n.tsx";
import { useSession } from "#web/lib/session.ts";
import { TALK_PAGES_TEXT } from "#web/texts/talk.ts";
import { useConversations } from "./api/conversations.ts";
import { BikeState, BikeThumb } from "./bike-thumb.tsx";

function ConversationRow({
  conversation: c,
  myId,
}: {
  conversation: Conversation;
  myId: string | undefined;
}) {
  const last = c.lastMessage;
  const msg = useTexts(TALK_MSG).conversation;
  const format = useFormat();
  const say = useSay();
  return (
    <Link
      to={paths.dashboard.conversation.getHref(c.id)}
      className="flex items-center gap-3 rounded-box border border-base-300 bg-base-100 p-3 hover:bg-base-200 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-primary"
    >
      <BikeThumb bike={c.bike} />
      <div className="flex min-w-0 flex-1 flex-col gap-0.5">
        <div className="flex flex-wrap items-center justify-between gap-x-3">
          <span className="truncate font-semibold">{c.bike.model}</span>
          <BikeState bike={c.bike} />
        </div>
        <div className="flex items-center gap-2 text-sm text-base-content/70">
          <UserAvatar user={{ name: c.other.name, photo: c.other.photo }} size="size-5" />
          <span className="truncate">{c.other.name}</span>
          <time className="ml-auto shrink-0 text-xs" dateTime={c.updatedAt}>
            {format.dateTime(c.updatedAt)}
          </time>
        </div>
        {last ? (
          <p className={`truncate text-sm ${c.unread > 0 ? "font-semibold" : "text-base-content/80"}`}>
            {last.senderId === myId ? `${msg.you}: ` : ""}
            {/* An offer's message is the catalogue's words: said in the page's language (as in the conversation). */}
            {last.offer ? say(last.body) : last.body}
          </p>
        ) : null}
      </div>
      {c.unread > 0 ? (
        <span className="badge badge-primary shrink-0">
          <span aria-hidden="true">{c.unread}</span>
          <span className="sr-only">{msg.unread(c.unread)}</span>
        </span>
      ) : null}
    </Link>
  );
}

/** `/dashboard/messages`: the signed-in buyer's or seller's conversations, the most recently active first. */
export default function ConversationsPage() {
  const { user } = useSession();
  const msg = useTexts(TALK_MSG).conversation;
  const T = useTexts(TALK_PAGES_TEXT).talkPages.conversations;
  return (
    <section className="flex flex-col gap-6">
      <PageTitle>{T.title}</PageTitle>
      <h1 className="text-2xl font-bold">{msg.listTitle}</h1>
      <ListFrame
        query={useConversations()}
        loading={<Spinner label={T.loading} />}
        empty={
          <EmptyState title={msg.none} icon={<MessagesSquare className="size-10" />}>
            {user?.role === "seller" ? null : (
              <Link to={paths.listings.getHref()} className="link link-primary">
                {T.browse}
              </Link>
            )}
          </EmptyState>
        }
      >
        {(items) => (
          <ul className="flex max-w-3xl flex-col gap-3">
            {items.map((c) => (
              <li key={c.id}>
                <ConversationRow conversation={c} myId={user?.id} />
              </li>
            ))}
          </ul>
        )}
      </ListFrame>
    </section>
  );
}
