import { MailX } from "lucide-react";
import { formatDateTime } from "#shared/format.ts";
import { NOTIFICATION_KINDS } from "#shared/schemas/notifications.ts";
import { TALK_MSG } from "#shared/talk-messages.ts";
import { EmptyState } from "#web/components/empty-state.tsx";
import { ListFrame } from "#web/components/list-frame.tsx";
import { PageTitle } from "#web/components/page-title.tsx";
import { PendingButton } from "#web/components/pending-button.tsx";
import { Spinner } from "#web/components/spinner.tsx";
import { errorMessage } from "#web/lib/api-client.ts";
import { toast } from "#web/lib/toast.ts";
import { useDeadLetters, useRetryDeadLetter } from "./api/notifications.ts";

/** `/dashboard/undelivered` (admins): emails the outbox gave up on, with why, and a retry each. */
export default function DeadLettersPage() {
  const retry = useRetryDeadLetter();
  const onRetry = (id: number) =>
    retry.mutate(id, {
      onSuccess: () => toast.success(TALK_MSG.notification.retried),
      onError: (err) => toast.error(errorMessage(err)),
    });
  return (
    <section className="flex flex-col gap-6">
      <PageTitle>{`${TALK_MSG.notification.deadTitle} — MotoHaat`}</PageTitle>
      <h1 className="text-2xl font-bold">{TALK_MSG.notification.deadTitle}</h1>
      <ListFrame
        query={useDeadLetters()}
        loading={<Spinner label="Loading undelivered emails" />}
        empty={
          <EmptyState title={TALK_MSG.notification.deadEmpty} icon={<MailX className="size-10" />}>
            {TALK_MSG.notification.deadEmptyHint}
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
                    {NOTIFICATION_KINDS[d.kind as keyof typeof NOTIFICATION_KINDS] ?? d.kind} ·{" "}
                    {d.recipient.name} <span className="break-all">&lt;{d.recipient.email}&gt;</span>
                  </p>
                  <p className="text-sm">
                    {d.attempts} attempts · <time dateTime={d.createdAt}>{formatDateTime(d.createdAt)}</time>
                  </p>
                  {d.lastError ? (
                    <p className="break-words font-mono text-xs text-error">{d.lastError}</p>
                  ) : null}
                </div>
                <PendingButton
                  type="button"
                  className="btn btn-outline btn-sm"
                  pending={retry.isPending && retry.variables === d.id}
                  aria-label={TALK_MSG.notification.retryLabel(d.title)}
                  onClick={() => onRetry(d.id)}
                >
                  {TALK_MSG.notification.retry}
                </PendingButton>
              </li>
            ))}
          </ul>
        )}
      </ListFrame>
    </section>
  );
}
