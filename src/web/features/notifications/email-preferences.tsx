import { NOTIFICATION_KINDS, type NotificationKind } from "#shared/schemas/notifications.ts";
import { TALK_MSG } from "#shared/talk-messages.ts";
import { LoadError } from "#web/components/load-error.tsx";
import { errorMessage } from "#web/lib/api-client.ts";
import { useTexts } from "#web/lib/i18n.tsx";
import { toast } from "#web/lib/toast.ts";
import { TALK_PAGES_TEXT } from "#web/texts/talk.ts";
import { useEmailPreferences, useSetEmailPreference } from "./api/notifications.ts";

const KINDS = Object.keys(NOTIFICATION_KINDS) as NotificationKind[];
/** The kinds' names, as the catalogue keys them (`notificationKind.bikeBooked`). */
const KIND_NAMES = { notificationKind: NOTIFICATION_KINDS };

/** The profile page's "Emails": one switch per kind of notification email, saved as it is flipped. */
export function EmailPreferencesSection() {
  const prefs = useEmailPreferences();
  const set = useSetEmailPreference();
  const msg = useTexts(TALK_MSG).notification;
  const kinds = useTexts(KIND_NAMES).notificationKind;
  const T = useTexts(TALK_PAGES_TEXT).talkPages.notifications;
  const flip = (kind: NotificationKind, on: boolean) =>
    set.mutate(
      { kind, on },
      {
        onSuccess: () => toast.success(msg.preferencesSaved),
        onError: (err) => toast.error(errorMessage(err)),
      },
    );
  return (
    <section
      id="emails"
      aria-labelledby="emails-title"
      className="card border border-base-300 bg-base-100 shadow-sm"
    >
      <div className="card-body gap-4">
        <h2 id="emails-title" className="card-title">
          {msg.preferencesTitle}
        </h2>
        <p className="text-sm text-base-content/70">{msg.preferencesIntro}</p>
        {prefs.isPending ? (
          <span className="loading loading-dots loading-sm" role="status" aria-label={T.emailsLoading} />
        ) : prefs.isError ? (
          <LoadError error={prefs.error} onRetry={prefs.refetch} />
        ) : (
          <ul className="flex flex-col gap-3">
            {KINDS.map((kind) => (
              <li key={kind}>
                <label className="flex cursor-pointer items-center justify-between gap-4">
                  <span>{kinds[kind]}</span>
                  <input
                    type="checkbox"
                    role="switch"
                    aria-checked={prefs.data[kind]}
                    className="toggle toggle-primary"
                    checked={prefs.data[kind]}
                    disabled={set.isPending && set.variables?.kind === kind}
                    onChange={(e) => flip(kind, e.target.checked)}
                  />
                </label>
              </li>
            ))}
          </ul>
        )}
      </div>
    </section>
  );
}
