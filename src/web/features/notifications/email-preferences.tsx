import { NOTIFICATION_KINDS, type NotificationKind } from "#shared/schemas/notifications.ts";
import { TALK_MSG } from "#shared/talk-messages.ts";
import { LoadError } from "#web/components/load-error.tsx";
import { errorMessage } from "#web/lib/api-client.ts";
import { toast } from "#web/lib/toast.ts";
import { useEmailPreferences, useSetEmailPreference } from "./api/notifications.ts";

const KINDS = Object.entries(NOTIFICATION_KINDS) as [NotificationKind, string][];

/** The profile page's "Emails": one switch per kind of notification email, saved as it is flipped. */
export function EmailPreferencesSection() {
  const prefs = useEmailPreferences();
  const set = useSetEmailPreference();
  const flip = (kind: NotificationKind, on: boolean) =>
    set.mutate(
      { kind, on },
      {
        onSuccess: () => toast.success(TALK_MSG.notification.preferencesSaved),
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
          {TALK_MSG.notification.preferencesTitle}
        </h2>
        <p className="text-sm text-base-content/70">{TALK_MSG.notification.preferencesIntro}</p>
        {prefs.isPending ? (
          <span
            className="loading loading-dots loading-sm"
            role="status"
            aria-label="Loading your email settings"
          />
        ) : prefs.isError ? (
          <LoadError error={prefs.error} onRetry={prefs.refetch} />
        ) : (
          <ul className="flex flex-col gap-3">
            {KINDS.map(([kind, label]) => (
              <li key={kind}>
                <label className="flex cursor-pointer items-center justify-between gap-4">
                  <span>{label}</span>
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
