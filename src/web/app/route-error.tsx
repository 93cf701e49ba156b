import { RefreshCw } from "lucide-react";
import { isRouteErrorResponse, Link, useRouteError } from "react-router";
import { MSG } from "#shared/messages.ts";
import { paths } from "#web/config/paths.ts";
import { useTexts } from "#web/lib/i18n.tsx";
import { BROWSE_PAGES_TEXT } from "#web/texts/browse.ts";
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
  const T = useTexts(BROWSE_PAGES_TEXT).browsePages.routeError;
  const msg = useTexts(MSG);
  if (isRouteErrorResponse(error) && error.status === 404) return <NotFoundPage />;

  const chunk = isChunkLoadError(error);
  return (
    <section
      role="alert"
      className="mx-auto flex min-h-[50vh] max-w-xl flex-col items-center justify-center gap-4 px-4 py-16 text-center"
    >
      <h1 className="text-2xl font-bold">{chunk ? msg.generic.chunkFailed : T.heading}</h1>
      <p className="text-base-content/80">{chunk ? T.newVersion : T.problem}</p>
      <div className="flex flex-wrap justify-center gap-3">
        <button type="button" className="btn btn-primary" onClick={() => window.location.reload()}>
          <RefreshCw className="size-4" aria-hidden="true" />
          {T.reload}
        </button>
        <Link to={paths.home.getHref()} className="btn btn-ghost" reloadDocument>
          {T.backHome}
        </Link>
      </div>
    </section>
  );
}
