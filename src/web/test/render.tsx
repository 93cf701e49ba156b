import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { render } from "@testing-library/react";
import { flushSync } from "react-dom";
import { createMemoryRouter, Outlet, type RouteObject, RouterProvider } from "react-router";
import { ToastContainer } from "react-toastify";
import { vi } from "vitest";

type Reply = { status?: number; body?: unknown };
/** `url` carries the query string, for handlers whose answer depends on it. */
type Handler = (init: RequestInit | undefined, url: URL) => Reply | Promise<Reply>;

/**
 * Stubs `fetch` with one handler per "METHOD /path"; anything else fails the test loudly, so a
 * page cannot quietly depend on a call the test did not expect.
 */
export function mockApi(handlers: Record<string, Handler>) {
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input), "http://localhost");
    const key = `${init?.method ?? "GET"} ${url.pathname}`;
    const handler = handlers[key];
    if (!handler) throw new Error(`Unexpected API call: ${key}`);
    const { status = 200, body } = await handler(init, url);
    return new Response(body === undefined ? null : JSON.stringify(body), {
      status,
      headers: { "content-type": status >= 400 ? "application/problem+json" : "application/json" },
    });
  });
  vi.stubGlobal("fetch", fetchMock);
  return fetchMock;
}

/**
 * An answer held back until `release()`: meanwhile the page is as it is while that request is on its
 * way (the session not known yet, say).
 */
export function heldReply(reply: Reply): { handler: Handler; release: () => void } {
  let release = () => {};
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  return {
    handler: async () => {
      await held;
      return reply;
    },
    release,
  };
}

/**
 * Renders routes at `url` with a fresh query cache that never retries (a test wants the first answer).
 * `routes` may be the app's own `createRoutes`, which is handed that client for its loaders.
 */
export function renderRoutes(
  routes: RouteObject[] | ((queryClient: QueryClient) => RouteObject[]),
  url: string,
) {
  const queryClient = new QueryClient({
    defaultOptions: { queries: { retry: false }, mutations: { retry: false } },
  });
  const router = createMemoryRouter(typeof routes === "function" ? routes(queryClient) : routes, {
    initialEntries: [url],
  });
  const view = render(
    <QueryClientProvider client={queryClient}>
      {/* As react-router/dom does in the app; importing that here loads a second router copy. */}
      <RouterProvider router={router} flushSync={(fn) => void flushSync(fn)} />
    </QueryClientProvider>,
  );
  return { ...view, router, queryClient };
}

/** `routes` under a layout that shows toasts, for pages whose answer to the user is a toast. */
export const withToasts = (routes: RouteObject[]): RouteObject[] => [
  {
    element: (
      <>
        <Outlet />
        <ToastContainer />
      </>
    ),
    children: routes,
  },
];

export const buyer = {
  id: "u-buyer",
  name: "Rahim Buyer",
  email: "buyer@motohaat.test",
  role: "buyer" as const,
  photo: null,
  verified: false,
  mfaEnabled: false,
  mfaRequired: false,
  hasPassword: true,
  phone: null,
  language: null,
};
