import { Bell } from "lucide-react";
import { useEffect, useId, useRef, useState } from "react";
import { Link } from "react-router";
import { TALK_MSG } from "#shared/talk-messages.ts";
import { LoadError } from "#web/components/load-error.tsx";
import { paths } from "#web/config/paths.ts";
import { useFormat, useTexts } from "#web/lib/i18n.tsx";
import { allItems } from "#web/lib/paging.ts";
import { useSession } from "#web/lib/session.ts";
import { TALK_PAGES_TEXT } from "#web/texts/talk.ts";
import { useMarkRead, useNotifications, useUnreadNotifications } from "./api/notifications.ts";
import { NotificationItem } from "./notification-item.tsx";

/** How many the bell's list shows; the rest are on the notifications page. */
const SHOWN = 5;

/** The bell's name: "Notifications", or "Notifications, 3 unread" (what a screen reader says). */
export function bellLabel(unread: number, msg: typeof TALK_MSG.notification): string {
  return unread > 0 ? msg.bellUnread(String(unread)) : msg.bell;
}

function BellList({ onClose }: { onClose: () => void }) {
  const query = useNotifications();
  const markRead = useMarkRead();
  const msg = useTexts(TALK_MSG).notification;
  const T = useTexts(TALK_PAGES_TEXT).talkPages.notifications;
  const items = allItems(query.data).slice(0, SHOWN);
  const newest = items[0];
  // What the list shows is seen: read up to its newest, once it is shown.
  // biome-ignore lint/correctness/useExhaustiveDependencies: once per newest id, not per render.
  useEffect(() => {
    if (newest && items.some((n) => !n.read)) markRead.mutate(newest.id);
  }, [newest?.id]);

  let body: React.ReactNode;
  if (query.isPending) {
    body = <span className="loading loading-dots loading-sm m-4" role="status" aria-label={T.bellLoading} />;
  } else if (items.length === 0 && query.isError) {
    body = <LoadError error={query.error} onRetry={query.refetch} />;
  } else if (items.length === 0) {
    body = <p className="p-4 text-sm text-base-content/70">{msg.empty}</p>;
  } else {
    body = (
      <ul className="flex flex-col">
        {items.map((n) => (
          <li key={n.id}>
            <NotificationItem n={n} onNavigate={onClose} />
          </li>
        ))}
      </ul>
    );
  }
  return (
    <>
      <div className="max-h-[60vh] overflow-y-auto">{body}</div>
      <div className="border-t border-base-300 p-2">
        <Link
          to={paths.dashboard.notifications.getHref()}
          onClick={onClose}
          className="btn btn-ghost btn-sm btn-block"
        >
          {msg.seeAll}
        </Link>
      </div>
    </>
  );
}

/**
 * The top bar's bell: the unread count over the icon, and a list of the latest under it. The
 * button's name carries the count; Escape or a click elsewhere closes the list, focus back on the bell.
 */
export function NotificationBell() {
  const { user } = useSession();
  const unread = useUnreadNotifications(user !== null).data ?? 0;
  const [open, setOpen] = useState(false);
  const msg = useTexts(TALK_MSG).notification;
  const many = useTexts(TALK_PAGES_TEXT).talkPages.common.manyUnread;
  const format = useFormat();
  const panelId = useId();
  const button = useRef<HTMLButtonElement>(null);
  const root = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (!open) return;
    const onKey = (e: KeyboardEvent) => {
      if (e.key !== "Escape") return;
      setOpen(false);
      button.current?.focus();
    };
    const onPointer = (e: PointerEvent) => {
      if (!root.current?.contains(e.target as Node)) setOpen(false);
    };
    document.addEventListener("keydown", onKey);
    document.addEventListener("pointerdown", onPointer);
    return () => {
      document.removeEventListener("keydown", onKey);
      document.removeEventListener("pointerdown", onPointer);
    };
  }, [open]);

  if (!user) return null;
  const label = bellLabel(unread, msg);
  return (
    <div ref={root} className="relative">
      <button
        ref={button}
        type="button"
        className="btn btn-ghost btn-circle btn-sm indicator"
        aria-label={label}
        title={label}
        aria-expanded={open}
        aria-controls={panelId}
        onClick={() => setOpen((o) => !o)}
      >
        <Bell className="size-5" aria-hidden="true" />
        {unread > 0 ? (
          <span className="indicator-item badge badge-primary badge-xs" aria-hidden="true">
            {unread > 99 ? many : format.number(unread)}
          </span>
        ) : null}
      </button>
      {open ? (
        <section
          id={panelId}
          aria-label={msg.pageTitle}
          className="fixed inset-x-2 top-16 z-40 rounded-box border border-base-300 bg-base-100 shadow-lg sm:absolute sm:inset-x-auto sm:right-0 sm:top-full sm:mt-2 sm:w-96"
        >
          <BellList onClose={() => setOpen(false)} />
        </section>
      ) : null}
    </div>
  );
}
