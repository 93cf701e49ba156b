// First: it configures zod before any module that parses loads.
import "#web/lib/zod-config.ts";
import bn from "virtual:catalogue/bn";
import { dehydrate, hashKey, type Query, type QueryClient } from "@tanstack/react-query";
import type { ReactNode } from "react";
import { prerender } from "react-dom/static";
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from "react-router";
import type { CompiledCatalogue } from "#shared/i18n/compile.ts";
import { DEFAULT_LOCALE, type Locale } from "#shared/i18n/locales.ts";
import { messageFormatter } from "#shared/i18n/message-format.ts";
import { AppProviders } from "#web/app/app-providers.tsx";
import { createQueryClient } from "#web/app/query-client.ts";
import {
  DEFAULT_DESCRIPTION,
  DEFAULT_TITLE,
  type PageHead,
  PageHeadContext,
} from "#web/components/page-title.tsx";
import { ApiError } from "#web/lib/api-client.ts";
import { ENGLISH, type Language } from "#web/lib/i18n.tsx";
import { queryKeys } from "#web/lib/query-keys.ts";
import { createRoutes } from "#web/router.tsx";
import { isPublicPath, SSR_STATE_ID, type SsrState } from "#web/ssr-state.ts";

export { setApiTransport } from "#web/lib/api-client.ts";
export { isPublicPath };

/**
 * A public page rendered on the server for a signed-out visitor (src/server/plugins/web.ts puts it in
 * index.html). Nobody's session goes in: the person's own parts (the top bar's account, a bike's
 * "Booked by you") are filled in by the browser after hydration, so one page's HTML is everyone's.
 */
export type Rendered =
  | {
      kind: "page";
      status: number;
      html: string;
      head: Omit<PageHead, "jsonLd">;
      jsonLd?: string;
      /** The `<script type="application/json">` main.tsx hydrates from, to follow the page. */
      state: string;
    }
  | { kind: "redirect"; status: number; location: string };

/**
 * Where the server keeps rendered pages (src/server/plugins/server-render.ts: a bounded LRU keyed by a
 * hash of `key`). A page is kept under its address and every answer it was rendered from, read again
 * for each request: the same answers give the same HTML, and an edit, a sale or a removal changes an
 * answer, hence the key. It is never served stale; only React's render is saved.
 */
export type RenderCache = {
  get(key: string): unknown;
  set(key: string, value: unknown): void;
};

type LearnedQuery = Parameters<ReturnType<QueryClient["getQueryCache"]>["build"]>[1];

type KeptPage = {
  html: string;
  head: Omit<PageHead, "jsonLd">;
  jsonLd?: string;
  /** The compiled messages the render used (none in English). */
  messages: CompiledCatalogue;
};

/** A render's language: its whole catalogue, and a record of the messages it used, to send with the page. */
function languageFor(locale: Locale): Language {
  if (locale === DEFAULT_LOCALE) return ENGLISH;
  return { locale, messages: bn, partial: false, formatterFor: messageFormatter, used: new Set() };
}

/** Every answer in the client, in a stable order: what the page's HTML is made from. */
function answersKey(queryClient: QueryClient): string {
  return queryClient
    .getQueryCache()
    .getAll()
    .filter((query) => query.state.status !== "pending")
    .map((query) => {
      const { status, data, error } = query.state;
      const answer = status === "success" ? data : (error as ApiError | null)?.problem;
      return `${query.queryHash}\t${status}\t${JSON.stringify(answer)}`;
    })
    .sort()
    .join("\n");
}

/** At most this many renders: each finds the queries its pages asked for, fetched before the next. */
const MAX_PASSES = 4;

/** The session is never asked for on the server: the HTML is the same for everyone. */
const SESSION_HASH = hashKey(queryKeys.auth.me);

/** A 4xx answer is the page's content ("not found", "these filters are wrong"), the same for everyone. */
const isPageAnswer = (error: unknown): error is ApiError =>
  error instanceof ApiError && error.status >= 400 && error.status < 500;

function isEnabled(query: Query): boolean {
  const enabled = (query.options as { enabled?: unknown }).enabled;
  return typeof enabled === "function" ? enabled(query) !== false : enabled !== false;
}

/**
 * The queries the last render asked for and has not got: fetched (or awaited, when a loader already
 * started them). Returns false when there were none.
 */
async function fetchWanted(queryClient: QueryClient): Promise<boolean> {
  const waits: Promise<unknown>[] = [];
  for (const query of queryClient.getQueryCache().getAll()) {
    if (query.queryHash === SESSION_HASH || query.state.status !== "pending") continue;
    if (query.state.fetchStatus === "fetching") waits.push(query.promise ?? Promise.resolve());
    else if (isEnabled(query)) waits.push(query.fetch());
  }
  await Promise.allSettled(waits);
  return waits.length > 0;
}

async function renderToHtml(node: ReactNode): Promise<string> {
  // Unlike renderToString, waits for what suspends (a lazily loaded part) and renders it in place. With
  // no chunk size React never moves a finished part after the page to reveal it with an inline
  // script, which the CSP would refuse.
  const { prelude } = await prerender(node, { progressiveChunkSize: Number.POSITIVE_INFINITY });
  return new Response(prelude).text();
}

/**
 * Whether React left a part of the page to be filled in by an inline script (which the CSP refuses):
 * with an infinite chunk size it should not, but such HTML would hydrate wrong, so it is never sent.
 */
const waitedFor = (html: string) => html.includes('<template id="B:') || html.includes("<!--$?-->");

/** JSON safe inside a `<script type="application/json">`: no `</script>` or `<!--` can close it early. */
const scriptJson = (value: unknown) =>
  JSON.stringify(value)
    .replace(/</g, "\\u003c")
    .replace(/\u2028/g, "\\u2028")
    .replace(/\u2029/g, "\\u2029");

/**
 * `request`'s page, rendered as the browser would render it with the same data. Throws when a query
 * failed for another reason than a 4xx answer (the server is then in trouble: the caller sends the
 * plain app, which asks again itself).
 */
export async function render(
  request: Request,
  cache?: RenderCache,
  locale: Locale = DEFAULT_LOCALE,
): Promise<Rendered> {
  const queryClient = createQueryClient();
  // One try: the visitor is waiting, and the browser retries by itself. A 4xx answer is rendered as
  // what it says ("Bike not found"), not as a retry on the page's mount (which shows it loading).
  // No garbage-collection timer (Infinity sets none): this client is dropped after the render, and the
  // browser's 5-minute timers would keep every render's answers in memory, and the process alive.
  queryClient.setDefaultOptions({
    queries: {
      ...queryClient.getDefaultOptions().queries,
      retry: false,
      retryOnMount: false,
      gcTime: Infinity,
    },
  });
  const handler = createStaticHandler(createRoutes(queryClient));
  const context = await handler.query(request);
  if (context instanceof Response) {
    return { kind: "redirect", status: context.status, location: context.headers.get("location") ?? "/" };
  }
  if (context.errors) throw new Error("A route's loader failed", { cause: context.errors });
  const router = createStaticRouter(handler.dataRoutes, context);

  const origin = new URL(request.url).origin;
  // Queries this address's last render asked for beyond its loaders' (a card's categories, the
  // brands of the filters): asked for at once, so the answers are known before deciding to render.
  const fromLoaders = new Set(
    queryClient
      .getQueryCache()
      .getAll()
      .map((query) => query.queryHash),
  );
  const learnedKey = `learned:${request.url}`;
  for (const options of (cache?.get(learnedKey) as LearnedQuery[] | undefined) ?? []) {
    queryClient.getQueryCache().build(queryClient, options);
  }
  await fetchWanted(queryClient);

  // The answers are in the page's language too (a problem's words), but a page's words are not all answers'.
  const pageKey = `page:${locale}:${request.url}\n${answersKey(queryClient)}`;
  let page = cache?.get(pageKey) as KeptPage | undefined;
  if (!page) {
    const language = languageFor(locale);
    let head!: PageHead;
    const renderOnce = () => {
      head = { title: DEFAULT_TITLE, description: DEFAULT_DESCRIPTION, status: 200 };
      return renderToHtml(
        <PageHeadContext.Provider value={head}>
          <AppProviders queryClient={queryClient} language={language}>
            <StaticRouterProvider router={router} context={context} hydrate={false} />
          </AppProviders>
        </PageHeadContext.Provider>,
      );
    };
    // A render that asked for more than it had is rendered again with it. Nothing is fetched after
    // the last render: the HTML and the state sent with it always agree.
    let html = await renderOnce();
    for (let pass = 1; pass < MAX_PASSES && (await fetchWanted(queryClient)); pass++)
      html = await renderOnce();
    if (waitedFor(html)) throw new Error("The page still waits for a part after its last render");
    const { jsonLd, ...rest } = head;
    const messages = Object.fromEntries(
      [...(language.used ?? [])].map((key) => [key, language.messages[key]!]),
    );
    page = { html, head: rest, jsonLd: jsonLd ? scriptJson(jsonLd(origin)) : undefined, messages };
    const learned = queryClient
      .getQueryCache()
      .getAll()
      .filter((query) => !fromLoaders.has(query.queryHash) && query.state.status !== "pending")
      .map((query) => query.options);
    cache?.set(learnedKey, learned);
    cache?.set(pageKey, page);
  }

  const failed = queryClient
    .getQueryCache()
    .getAll()
    .find((query) => query.state.status === "error" && !isPageAnswer(query.state.error));
  if (failed) throw new Error(`The page's query ${failed.queryHash} failed`, { cause: failed.state.error });

  const state: SsrState = {
    queries: dehydrate(queryClient, {
      shouldDehydrateQuery: (query) =>
        query.state.status === "success" ||
        (query.state.status === "error" && isPageAnswer(query.state.error)),
    }),
    router: { loaderData: context.loaderData, actionData: context.actionData },
    ...(locale === DEFAULT_LOCALE ? {} : { language: { locale, messages: page.messages } }),
  };
  return {
    kind: "page",
    status: page.head.status,
    html: page.html,
    head: page.head,
    jsonLd: page.jsonLd,
    state: `<script type="application/json" id="${SSR_STATE_ID}">${scriptJson(state)}</script>`,
  };
}
