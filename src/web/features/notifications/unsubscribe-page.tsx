import { useEffect } from "react";
import { Link, useSearchParams } from "react-router";
import { NOTIFICATION_KINDS } from "#shared/schemas/notifications.ts";
import { TALK_MSG } from "#shared/talk-messages.ts";
import { PageTitle } from "#web/components/page-title.tsx";
import { paths } from "#web/config/paths.ts";
import { ApiError, errorMessage } from "#web/lib/api-client.ts";
import { useTexts } from "#web/lib/i18n.tsx";
import { TALK_PAGES_TEXT } from "#web/texts/talk.ts";
import { useUnsubscribe } from "./api/notifications.ts";

/**
 * `/unsubscribe?token=…`, the link at the foot of every notification email: it switches that kind
 * off at once (no sign-in: the signed token says who and what) and says which.
 */
export default function UnsubscribePage() {
  const [params] = useSearchParams();
  const token = params.get("token") ?? "";
  const unsubscribe = useUnsubscribe();
  const { mutate } = unsubscribe;
  const msg = useTexts(TALK_MSG).notification;
  // The kind by its key, in the page's language (the answer's `label` is its English name).
  const kinds = useTexts({ notificationKind: NOTIFICATION_KINDS }).notificationKind;
  const T = useTexts(TALK_PAGES_TEXT).talkPages;
  useEffect(() => {
    if (token) mutate(token);
  }, [token, mutate]);

  const bad = !token || (unsubscribe.error instanceof ApiError && unsubscribe.error.status === 400);
  return (
    <section className="mx-auto flex max-w-xl flex-col gap-4 px-4 py-12">
      <PageTitle>{T.unsubscribe.title}</PageTitle>
      <h1 className="text-2xl font-bold">{msg.unsubscribeTitle}</h1>
      <div role="status" aria-live="polite">
        {bad ? (
          <p>{msg.unsubscribeFailed}</p>
        ) : unsubscribe.isSuccess ? (
          <>
            <p className="font-semibold">{msg.unsubscribed(kinds[unsubscribe.data.kind])}</p>
            <p className="text-base-content/70">{msg.unsubscribedHint}</p>
          </>
        ) : unsubscribe.isError ? (
          <div className="flex flex-col items-start gap-2">
            <p>{errorMessage(unsubscribe.error)}</p>
            <button type="button" className="btn btn-outline btn-sm" onClick={() => mutate(token)}>
              {T.common.tryAgain}
            </button>
          </div>
        ) : (
          <p className="flex items-center gap-2">
            <span className="loading loading-spinner loading-sm" aria-hidden="true" />
            {msg.unsubscribing}
          </p>
        )}
      </div>
      <Link to={paths.dashboard.profile.getHref()} className="link link-primary">
        {msg.preferencesTitle}
      </Link>
    </section>
  );
}
