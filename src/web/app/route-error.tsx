import { RefreshCw } from "lucide-react";
import { isRouteErrorResponse, Link, useRouteError } from "react-router";
import { MSG } from "#shared/messages.ts";
import { paths } from "#web/config/paths.ts";
import { NotFoundPage } from "./not-found-page.tsx";

/**
 * A lazily loaded chunk that cannot be fetched usually means a new version was deployed and the old
 * hashed file is gone; each browser words it differently. Reloading fetches the new version.
 */
function isChunkLoadError(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  return /dynamically imported module|Importing a module script failed|Unable to preload CSS|Loading (CSS )?chunk/i.test(
    error.message,
  );
}

export function RouteError() {
  const error = useRouteError();
  if (isRouteErrorResponse(error) && error.status === 404) return <NotFoundPage />;

  const chunk = isChunkLoadError(error);
  return (
    <section
      role="alert"
      className="mx-auto flex min-h-[50vh] max-w-xl flex-col items-center justify-center gap-4 px-4 py-16 text-center"
    >
      <h1 className="text-2xl font-bold">{chunk ? MSG.generic.chunkFailed : "Something went wrong"}</h1>
      <p className="text-base-content/80">
        {chunk
          ? "A newer version of MotoHaat is available. Reload the page to continue."
          : "Sorry, this page hit a problem. Reloading usually helps; if it does not, try again in a few minutes."}
      </p>
      <div className="flex flex-wrap justify-center gap-3">
        <button type="button" className="btn btn-primary" onClick={() => window.location.reload()}>
          <RefreshCw className="size-4" aria-hidden="true" />
          Reload
        </button>
        <Link to={paths.home.getHref()} className="btn btn-ghost" reloadDocument>
          Back to homepage
        </Link>
      </div>
    </section>
  );
}
