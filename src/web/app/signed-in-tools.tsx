import { MessagesNavLink } from "#web/features/messages/unread-badge.tsx";
import { NotificationBell } from "#web/features/notifications/bell.tsx";
import { LiveEvents } from "./live-events.tsx";

/**
 * What only a signed-in person's top bar has: Messages with its unread count, the bell, and the tab's
 * event stream that keeps both live. Its own chunk (the navbar loads it lazily once someone is
 * signed in), so a visitor's first page downloads none of it (issue 12's budget).
 */
export default function SignedInTools() {
  return (
    <>
      <MessagesNavLink />
      <NotificationBell />
      <LiveEvents />
    </>
  );
}
