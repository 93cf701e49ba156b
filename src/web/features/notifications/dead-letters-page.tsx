import { MailX } from "lucide-react";
import { NOTIFICATION_KINDS, type NotificationKind } from "#shared/schemas/notifications.ts";
import { TALK_MSG } from "#shared/talk-messages.ts";
import { EmptyState } from "#web/components/empty-state.tsx";
import { ListFrame } from "#web/components/list-frame.tsx";
import { PageTitle } from "#web/components/page-title.tsx";
import { PendingButton } from "#web/components/pending-button.tsx";
import { Spinner } from "#web/components/spinner.tsx";
import { errorMessage } from "#web/lib/api-client.ts";
import { useFormat, useTexts } from "#web/lib/i18n.tsx";
import { toast } from "#web/lib/toast.ts";
import { TALK_PAGES_TEXT } from "#web/texts/talk.ts";
import { useDeadLetters, useRetryDeadLetter } from "./api/notifications.ts";

/** The names of the kinds of notification, as the catalogue keys them (`notificationKind.bikeBooked`). */
const KIND_NAMES = { notificationKind: NOTIFICATION_KINDS };

/** `/dashboard/undelivered` (admins): emails the outbox gave up on, with why, and a retry each. */
export default function DeadLettersPage() {
  const retry = useRetryDeadLetter();
  const msg = useTexts(TALK_MSG).notification;
  const kinds = useTexts(KIND_NAMES).notificationKind;
  const T = useTexts(TALK_PAGES_TEXT).talkPages.deadLetters;
  const format = useFormat();
  const onRetry = (id: number) =>
    retry.mutate(id, {
      onSuccess: () => toast.success(msg.retried),
      onError: (err) => toast.error(errorMessage(err)),
    });
  return (
    <section className="flex flex-col gap-6">
      <PageTitle>{T.title}</PageTitle>
      <h1 className="text-2xl font-bold">{msg.deadTitle}</h1>
      <ListFrame
        query={useDeadLetters()}
        loading={<Spinner label={T.loading} />}
        empty={
          <EmptyState title={msg.deadEmpty} icon={<MailX className="size-10" />}>
            {msg.deadEmptyHint}
          </EmptyState>
        }
      >
        {(items) => (
          <ul className="flex flex-col gap-3">
            {items.map((d) => (
              <li
                key={d.id}
                className="flex flex-col gap-2 rounded-box border border-base-300 bg-base-100 p-4 sm:flex-row sm:items-start"
              >
                <div className="flex min-w-0 flex-1 flex-col gap-1">
                  <p className="break-words font-semibold">{d.title}</p>
                  <p className="text-sm text-base-content/70">
                    {`${kinds[d.kind as NotificationKind] ?? d.kind} · ${d.recipient.name} `}
                    <span className="break-all">{`<${d.recipient.email}>`}</span>
                  </p>
                  <p className="text-sm">
                    {`${T.attempts(d.attempts)} · `}
                    <time dateTime={d.createdAt}>{format.dateTime(d.createdAt)}</time>
                  </p>
                  {d.lastError ? (
                    <p className="break-words font-mono text-xs text-error">{d.lastError}</p>
                  ) : null}
                </div>
                <PendingButton
                  type="button"
                  className="btn btn-outline btn-sm"
                  pending={retry.isPending && retry.variables === d.id}
                  aria-label={msg.retryLabel(d.title)}
                  onClick={() => onRetry(d.id)}
                >
                  {msg.retry}
                </PendingButton>
              </li>
            ))}
          </ul>
        )}
      </ListFrame>
    </section>
  );
}
