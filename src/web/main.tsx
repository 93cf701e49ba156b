// First: it configures zod before any module that parses loads.
import "#web/lib/zod-config.ts";
import { hashKey, hydrate, type QueryClient } from "@tanstack/react-query";
import { StrictMode, startTransition } from "react";
import { createRoot, hydrateRoot } from "react-dom/client";
import { createBrowserRouter, matchRoutes, type RouteObject } from "react-router";
import { RouterProvider } from "react-router/dom";
import { AppProviders } from "#web/app/app-providers.tsx";
import { CarryOutEarlyPresses, takeEarlyPresses } from "#web/app/early-presses.tsx";
import { createQueryClient } from "#web/app/query-client.ts";
import { clearToastsOnPageChange } from "#web/app/toasts.ts";
import { ApiError, setApiLanguage } from "#web/lib/api-client.ts";
import { ENGLISH, type Language, loadLanguage, pageLocale } from "#web/lib/i18n.tsx";
import { queryKeys } from "#web/lib/query-keys.ts";
import { createRoutes } from "#web/router.tsx";
import { SSR_STATE_ID, type SsrState } from "#web/ssr-state.ts";
import "./styles.css";

/** The state a server-rendered page came with (src/web/entry-server.tsx), or null for the plain app. */
function readSsrState(): SsrState | null {
  const script = document.getElementById(SSR_STATE_ID);
  if (!script?.textContent) return null;
  const state = JSON.parse(script.textContent) as SsrState;
  // The answers are as current as the page: the server keeps a rendered page only while the market
  // has not changed since (decision 027), so a page made ten minutes ago and sent now holds now's
  // data. Stamped with the time it arrived, not the time it was made, or every query older than its
  // freshness would be asked for again at once — the whole list fetched twice and drawn twice.
  const arrived = Date.now();
  for (const query of state.queries.queries) {
    if (query.state.dataUpdatedAt) query.state.dataUpdatedAt = arrived;
    if (query.state.errorUpdatedAt) query.state.errorUpdatedAt = arrived;
    // A 4xx answer the page showed ("Bike not found") crossed as plain JSON: an ApiError again, as the
    // page tests for.
    const error = query.state.error as { problem?: ConstructorParameters<typeof ApiError>[0] } | null;
    if (error?.problem) query.state.error = new ApiError(error.problem) as never;
  }
  return state;
}

/**
 * A 4xx answer the page was rendered with stays as it is when the page mounts: by default TanStack
 * Query asks again for a failed query on mount, and would render it loading, unlike the server's HTML.
 */
function keepRenderedErrors(queryClient: QueryClient, state: SsrState) {
  for (const query of state.queries.queries) {
    if (query.state.status === "error") queryClient.setQueryDefaults(query.queryKey, { retryOnMount: false });
  }
}

/** The first page's lazily loaded route modules, loaded before hydration so its first render is the server's. */
async function loadFirstRoutes(routes: RouteObject[]) {
  const lazy = matchRoutes(routes, window.location)?.filter((m) => m.route.lazy) ?? [];
  await Promise.all(
    lazy.map(async ({ route }) => {
      const loaded = await (route.lazy as () => Promise<Partial<RouteObject>>)();
      Object.assign(route, { ...loaded, lazy: undefined });
    }),
  );
}

/**
 * The server rendered the page for a signed-out visitor. Once the session says someone is signed in,
 * the answers the page was rendered from that depend on who asks (`meta.personal`: a bike's "Booked
 * by you") are asked for again with their cookies. The rest (lists, the blog) is the same for
 * everyone, and a signed-out visitor asks for nothing twice.
 */
function refreshForPerson(queryClient: QueryClient, hydrated: Set<string>) {
  const me = hashKey(queryKeys.auth.me);
  const unsubscribe = queryClient.getQueryCache().subscribe((event) => {
    if (event.query.queryHash !== me || event.query.state.status !== "success") return;
    unsubscribe();
    if ((event.query.state.data as { user: unknown }).user) {
      void queryClient.invalidateQueries({
        predicate: (query) => hydrated.has(query.queryHash) && query.meta?.personal === true,
      });
    }
  });
}

/**
 * Resolves once the browser has painted (the frame after the next): the server's HTML is on screen
 * before hydration's work starts. At once in a tab nobody sees, which paints nothing (and runs no
 * animation frames) until shown.
 */
function afterFirstPaint(): Promise<void> {
  if (document.visibilityState !== "visible") return Promise.resolve();
  return new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0)));
}

/**
 * The page's language (`<html lang>`, which the server wrote in it): English at once; another with its
 * runtime and, for a rendered page, the messages its HTML was made with (the whole catalogue follows
 * after hydration), else the whole catalogue. Offline, English rather than no page.
 */
async function startLanguage(ssr: SsrState | null): Promise<Language> {
  const locale = ssr?.language?.locale ?? pageLocale();
  // The router's loaders ask the API before React mounts: in the page's language from the start.
  setApiLanguage(locale, (text) => text);
  return loadLanguage(locale, ssr?.language?.messages).catch(() => ENGLISH);
}

async function start() {
  // One client for the pages and the router's loaders, which start a page's first request early.
  const queryClient = createQueryClient();
  const routes = createRoutes(queryClient);
  const ssr = readSsrState();
  // A rendered page asks for its routes' code and its language's runtime once its HTML is on screen:
  // they are needed to hydrate, not to paint. Asked for earlier (on a fast line the app's entry runs
  // before the first paint), they were fetched at high priority while the page was still to be drawn,
  // and Lighthouse counted them as holding its first paint (a Bangla bike page: FCP 2.3 s, observed
  // 0.35 s). On a slow line the first paint comes long before the entry arrives: nothing waits.
  // Since the head script asks for the entry only once the page's first paint is reported
  // (src/shared/head-script.ts), this wait is a frame at most; it stays for the ways the entry can
  // still come first (the script's 3 s limit, a browser without paint entries).
  // A page the browser renders itself (a dashboard) sets the API's language at once: its router's
  // loaders ask the API as soon as the router exists.
  const painted = ssr ? afterFirstPaint() : undefined;
  const language = painted ? painted.then(() => startLanguage(ssr)) : startLanguage(null);
  if (ssr) {
    hydrate(queryClient, ssr.queries);
    keepRenderedErrors(queryClient, ssr);
    refreshForPerson(queryClient, new Set(ssr.queries.queries.map((query) => query.queryHash)));
    await painted;
    await Promise.all([loadFirstRoutes(routes), language]);
  }
  const router = createBrowserRouter(routes, ssr ? { hydrationData: ssr.router } : undefined);
  clearToastsOnPageChange(router);

  const app = (
    <StrictMode>
      <AppProviders queryClient={queryClient} language={await language}>
        <RouterProvider router={router} />
      </AppProviders>
    </StrictMode>
  );
  const root = document.getElementById("root")!;
  // In a transition, hydration yields to the browser every few milliseconds instead of holding the
  // main thread for the whole page (a list's 24 cards: ~0.5 s on a slow phone), so a tap on the
  // already painted page is answered meanwhile (React Router's own client entry does the same).
  // The head script's early presses: a page the browser renders itself had no button to press.
  const pressed = takeEarlyPresses();
  if (ssr) {
    startTransition(
      () =>
        void hydrateRoot(
          root,
          <>
            {app}
            <CarryOutEarlyPresses pressed={pressed} />
          </>,
        ),
    );
  } else createRoot(root).render(app);
}

void start();
