import { useSearchParams } from "react-router";
import { MSG } from "#shared/messages.ts";
import { type GoogleSigninError, googleSigninErrorMessage } from "#shared/schemas/auth.ts";
import { ErrorAlert } from "#web/components/error-alert.tsx";
import { useTexts } from "#web/lib/i18n.tsx";
import { ACCOUNT_PAGES_TEXT } from "#web/texts/account.ts";
import { useAuthProviders } from "./api.ts";

/** Google's "G", in its own colours as Google's branding asks. */
function GoogleMark() {
  return (
    <svg viewBox="0 0 48 48" className="size-5" aria-hidden="true" focusable="false">
      <path
        fill="#EA4335"
        d="M24 9.5c3.54 0 6.71 1.22 9.21 3.6l6.85-6.85C35.9 2.38 30.47 0 24 0 14.62 0 6.51 5.38 2.56 13.22l7.98 6.19C12.43 13.72 17.74 9.5 24 9.5z"
      />
      <path
        fill="#4285F4"
        d="M46.98 24.55c0-1.57-.15-3.09-.38-4.55H24v9.02h12.94c-.58 2.96-2.26 5.48-4.78 7.18l7.73 6c4.51-4.18 7.09-10.36 7.09-17.65z"
      />
      <path
        fill="#FBBC05"
        d="M10.53 28.59c-.48-1.45-.76-2.99-.76-4.59s.27-3.14.76-4.59l-7.98-6.19C.92 16.46 0 20.12 0 24c0 3.88.92 7.54 2.56 10.78l7.97-6.19z"
      />
      <path
        fill="#34A853"
        d="M24 48c6.48 0 11.93-2.13 15.89-5.81l-7.73-6c-2.15 1.45-4.92 2.3-8.16 2.3-6.26 0-11.57-4.22-13.47-9.91l-7.98 6.19C6.51 42.62 14.62 48 24 48z"
      />
    </svg>
  );
}

/**
 * "Continue with Google", shown only when the server is set up for it. The router's loader asks
 * before sign-in and sign-up show (features/auth/prefetch.ts), so the answer is normally here at first
 * paint; should it still be on its way, an invisible copy (no link, hidden from screen readers) keeps
 * its place so the lines below do not jump when it comes (CLS).
 * A plain link, not a fetch: the server redirects the whole page to Google and back.
 */
export function ContinueWithGoogle({ from, hint }: { from?: string | null; hint?: string }) {
  const T = useTexts(ACCOUNT_PAGES_TEXT).accountPages.google;
  const msg = useTexts(MSG);
  const { data, isPending } = useAuthProviders();
  if (!data?.google && !isPending) return null;
  const href = from ? `/api/auth/google?from=${encodeURIComponent(from)}` : "/api/auth/google";
  const label = (
    <>
      <GoogleMark />
      {msg.google.continue}
    </>
  );
  return (
    <div
      className={`flex flex-col gap-2 ${isPending ? "invisible" : ""}`}
      aria-hidden={isPending || undefined}
    >
      <div className="divider my-0 text-sm text-base-content/70">{T.or}</div>
      {isPending ? (
        <span className="btn btn-outline w-full gap-2">{label}</span>
      ) : (
        <a href={href} className="btn btn-outline w-full gap-2">
          {label}
        </a>
      )}
      {hint ? <p className="text-center text-xs text-base-content/70">{hint}</p> : null}
    </div>
  );
}

/** Why a Google sign-in came back here (`?error=`), in words; unknown codes show nothing. */
export function GoogleSigninErrorAlert() {
  const [searchParams] = useSearchParams();
  const msg = useTexts(MSG);
  const code = searchParams.get("error");
  if (!googleSigninErrorMessage(code)) return null;
  // GOOGLE_SIGNIN_ERRORS's words, in the page's language (also on the server, where a page with
  // `?error=` is first rendered).
  const inLanguage: Record<GoogleSigninError, string> = {
    google_unavailable: msg.google.unavailable,
    google_failed: msg.google.failed,
    google_cancelled: msg.google.cancelled,
    google_unverified: msg.google.unverified,
    google_linked_elsewhere: msg.google.linkedElsewhere,
    google_error: msg.generic.somethingWrong,
  };
  return <ErrorAlert message={inLanguage[code as GoogleSigninError]} />;
}
