import { useEffect } from "react";
import { Link, useSearchParams } from "react-router";
import { TALK_MSG } from "#shared/talk-messages.ts";
import { PageTitle } from "#web/components/page-title.tsx";
import { paths } from "#web/config/paths.ts";
import { ApiError } from "#web/lib/api-client.ts";
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
  useEffect(() => {
    if (token) mutate(token);
  }, [token, mutate]);

  const bad = !token || (unsubscribe.error instanceof ApiError && unsubscribe.error.status === 400);
  return (
    <section className="mx-auto flex max-w-xl flex-col gap-4 px-4 py-12">
      <PageTitle>{`${TALK_MSG.notification.unsubscribeTitle} — MotoHaat`}</PageTitle>
      <h1 className="text-2xl font-bold">{TALK_MSG.notification.unsubscribeTitle}</h1>
      <div role="status" aria-live="polite">
        {bad ? (
          <p>{TALK_MSG.notification.unsubscribeFailed}</p>
        ) : unsubscribe.isSuccess ? (
          <>
            <p className="font-semibold">{TALK_MSG.notification.unsubscribed(unsubscribe.data.label)}</p>
            <p className="text-base-content/70">{TALK_MSG.notification.unsubscribedHint}</p>
          </>
        ) : unsubscribe.isError ? (
          <div className="flex flex-col items-start gap-2">
            <p>{unsubscribe.error.message}</p>
            <button type="button" className="btn btn-outline btn-sm" onClick={() => mutate(token)}>
              Try again
            </button>
          </div>
        ) : (
          <p className="flex items-center gap-2">
            <span className="loading loading-spinner loading-sm" aria-hidden="true" />
            {TALK_MSG.notification.unsubscribing}
          </p>
        )}
      </div>
      <Link to={paths.dashboard.profile.getHref()} className="link link-primary">
        {TALK_MSG.notification.preferencesTitle}
      </Link>
    </section>
  );
}
