import { Bell } from "lucide-react";
import { TALK_MSG } from "#shared/talk-messages.ts";
import { EmptyState } from "#web/components/empty-state.tsx";
import { ListFrame } from "#web/components/list-frame.tsx";
import { PageTitle } from "#web/components/page-title.tsx";
import { PendingButton } from "#web/components/pending-button.tsx";
import { Spinner } from "#web/components/spinner.tsx";
import { useTexts } from "#web/lib/i18n.tsx";
import { TALK_PAGES_TEXT } from "#web/texts/talk.ts";
import { useMarkRead, useNotifications, useUnreadNotifications } from "./api/notifications.ts";
import { NotificationItem } from "./notification-item.tsx";

/** `/dashboard/notifications`: everything the person was told, newest first, each a link to what it is about. */
export default function NotificationsPage() {
  const query = useNotifications();
  const unread = useUnreadNotifications(true).data ?? 0;
  const markRead = useMarkRead();
  const msg = useTexts(TALK_MSG).notification;
  const T = useTexts(TALK_PAGES_TEXT).talkPages.notifications;
  return (
    <section className="flex max-w-3xl flex-col gap-6">
      <PageTitle>{T.title}</PageTitle>
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-2xl font-bold">{msg.pageTitle}</h1>
        {unread > 0 ? (
          <PendingButton
            type="button"
            className="btn btn-outline btn-sm"
            pending={markRead.isPending}
            onClick={() => markRead.mutate(undefined)}
          >
            {msg.markAllRead}
          </PendingButton>
        ) : null}
      </div>
      <ListFrame
        query={query}
        loading={<Spinner label={T.loading} />}
        empty={
          <EmptyState title={msg.empty} icon={<Bell className="size-10" />}>
            {msg.emptyHint}
          </EmptyState>
        }
      >
        {(items) => (
          <ul className="flex flex-col divide-y divide-base-300 rounded-box border border-base-300 bg-base-100">
            {items.map((n) => (
              <li key={n.id}>
                <NotificationItem n={n} />
              </li>
            ))}
          </ul>
        )}
      </ListFrame>
    </section>
  );
}
