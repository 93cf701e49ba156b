import { errorMessage } from "#web/lib/api-client.ts";

type LoadErrorProps = {
  error: unknown;
  onRetry: () => unknown;
};

/** A list or page that could not be fetched: the server's message (never a raw body) and a retry. */
export function LoadError({ error, onRetry }: LoadErrorProps) {
  return (
    <div role="alert" className="alert alert-error alert-soft flex flex-wrap justify-between gap-3">
      <span>{errorMessage(error)}</span>
      <button type="button" className="btn btn-sm" onClick={() => void onRetry()}>
        Try again
      </button>
    </div>
  );
}
