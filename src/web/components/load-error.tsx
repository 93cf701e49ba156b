import { errorMessage } from "#web/lib/api-client.ts";
import { useTexts } from "#web/lib/i18n.tsx";
import { BROWSE_PAGES_TEXT } from "#web/texts/browse.ts";

type LoadErrorProps = {
  error: unknown;
  onRetry: () => unknown;
};

/** A list or page that could not be fetched: the server's message (never a raw body) and a retry. */
export function LoadError({ error, onRetry }: LoadErrorProps) {
  const T = useTexts(BROWSE_PAGES_TEXT).browsePages.common;
  return (
    <div role="alert" className="alert alert-error alert-soft flex flex-wrap justify-between gap-3">
      <span>{errorMessage(error)}</span>
      <button type="button" className="btn btn-sm" onClick={() => void onRetry()}>
        {T.tryAgain}
      </button>
    </div>
  );
}
