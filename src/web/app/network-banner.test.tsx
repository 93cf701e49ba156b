import { act, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { Outlet } from "react-router";
import { afterEach, describe, expect, it, vi } from "vitest";
import { MSG } from "#shared/messages.ts";
import { LoadError } from "#web/components/load-error.tsx";
import { useCategories } from "#web/lib/categories-query.ts";
import { reportReachable } from "#web/lib/connectivity.ts";
import { buyer, mockApi, renderRoutes } from "#web/test/render.tsx";
import { RequireAuth } from "./guards.tsx";
import { NetworkBanner } from "./network-banner.tsx";

/** A page that reads the API: the categories, or the failure with Try again. */
function Categories() {
  const q = useCategories();
  if (q.isPending) return <p>Loading categories</p>;
  if (q.isError) return <LoadError error={q.error} onRetry={q.refetch} />;
  return (
    <ul aria-label="Categories">
      {q.data.categories.map((c) => (
        <li key={c.slug}>{c.label}</li>
      ))}
    </ul>
  );
}

const routes = [
  {
    element: (
      <>
        <Outlet />
        <NetworkBanner />
      </>
    ),
    children: [
      { path: "/", element: <Categories /> },
      { path: "/signin", element: <h1>Sign-in page</h1> },
      {
        path: "/dashboard/myorders",
        element: (
          <RequireAuth>
            <h1>My orders</h1>
          </RequireAuth>
        ),
      },
    ],
  },
];

const categories = { categories: [{ slug: "commuter", label: "Commuter" }] };

/** The API as seen through a network that may be down: every call fails without an answer while it is. */
function flakyApi(answers: Record<string, () => { status?: number; body?: unknown }>) {
  const net = { down: true };
  const handlers = Object.fromEntries(
    Object.entries(answers).map(([key, answer]) => [
      key,
      () => {
        if (net.down) throw new TypeError("Failed to fetch");
        return answer();
      },
    ]),
  );
  const fetchMock = mockApi(handlers);
  return { net, fetchMock };
}

const banner = () => screen.findByText(MSG.network.banner);

afterEach(() => {
  vi.unstubAllGlobals();
  act(() => reportReachable());
});

describe("the network banner", () => {
  it("says the API cannot be reached, and Try again brings the page back", async () => {
    const { net } = flakyApi({
      "GET /api/categories": () => ({ body: categories }),
      "GET /api/health": () => ({ body: { status: "ok", database: "pglite" } }),
    });
    const user = userEvent.setup();
    renderRoutes(routes, "/");

    const bar = (await banner()).closest("[role=alert]") as HTMLElement;
    expect(await screen.findByText(MSG.network.unreachable)).toBeInTheDocument();

    // Still down: the bar stays, and its button is usable again once the check has failed.
    await user.click(within(bar).getByRole("button", { name: "Try again" }));
    await vi.waitFor(() => expect(within(bar).getByRole("button", { name: "Try again" })).toBeEnabled());
    expect(screen.getByText(MSG.network.banner)).toBeInTheDocument();

    net.down = false;
    await user.click(within(bar).getByRole("button", { name: "Try again" }));
    // The failed read comes back by itself, without pressing the page's own Try again.
    expect(await screen.findByRole("list", { name: "Categories" })).toHaveTextContent("Commuter");
    expect(screen.queryByText(MSG.network.banner)).not.toBeInTheDocument();
  });

  it("checks again by itself, with back-off, and recovers without a click", async () => {
    const { net, fetchMock } = flakyApi({
      "GET /api/categories": () => ({ body: categories }),
      "GET /api/health": () => ({ body: { status: "ok", database: "pglite" } }),
    });
    renderRoutes(routes, "/");
    await banner();
    const healthChecks = () => fetchMock.mock.calls.filter(([url]) => url === "/api/health").length;
    // The first check comes about a second later, by itself.
    await vi.waitFor(() => expect(healthChecks()).toBeGreaterThanOrEqual(1), { timeout: 4000 });
    expect(screen.getByText(MSG.network.banner)).toBeInTheDocument();

    net.down = false;
    // The next one (two seconds after) finds the API back.
    expect(await screen.findByRole("list", { name: "Categories" }, { timeout: 6000 })).toHaveTextContent(
      "Commuter",
    );
    expect(screen.queryByText(MSG.network.banner)).not.toBeInTheDocument();
  });

  it("takes a gateway's 502 for no answer, but not a problem the server itself sent", async () => {
    let status = 502;
    mockApi({
      "GET /api/categories": () =>
        status === 502
          ? { status: 502, body: "<html>Bad gateway</html>" }
          : { status, body: { type: "about:blank", title: "Unavailable", status, detail: "down" } },
      "GET /api/health": () => ({
        status: 503,
        body: { type: "about:blank", title: "x", status: 503, detail: "x" },
      }),
    });
    renderRoutes(routes, "/");
    await banner();
    expect(await screen.findByText(MSG.network.unreachable)).toBeInTheDocument();

    // The server is back but answers 503 with its own problem: an answer, so no banner, and an apology.
    status = 503;
    act(() => reportReachable());
    expect(await screen.findByText(MSG.generic.somethingWrong)).toBeInTheDocument();
    expect(screen.queryByText(MSG.network.banner)).not.toBeInTheDocument();
  });

  it("keeps a signed-in buyer signed in while the API is away, and opens the page they asked for", async () => {
    const { net } = flakyApi({
      "GET /api/auth/me": () => ({ body: { user: buyer } }),
      "GET /api/health": () => ({ body: { status: "ok", database: "pglite" } }),
    });
    const user = userEvent.setup();
    const { router } = renderRoutes(routes, "/dashboard/myorders");

    const bar = (await banner()).closest("[role=alert]") as HTMLElement;
    // Waiting, not signed out: no trip to sign-in.
    expect(screen.getByRole("status", { name: "Loading" })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe("/dashboard/myorders");
    expect(screen.queryByRole("heading", { name: "Sign-in page" })).not.toBeInTheDocument();

    net.down = false;
    await user.click(within(bar).getByRole("button", { name: "Try again" }));
    expect(await screen.findByRole("heading", { name: "My orders" })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe("/dashboard/myorders");
    expect(screen.queryByText(MSG.network.banner)).not.toBeInTheDocument();
  });

  it("says so, with Try again, when the session answers with a server error", async () => {
    let fail = true;
    mockApi({
      "GET /api/auth/me": () =>
        fail
          ? { status: 500, body: { type: "about:blank", title: "Error", status: 500, detail: "boom" } }
          : { body: { user: buyer } },
    });
    const user = userEvent.setup();
    const { router } = renderRoutes(routes, "/dashboard/myorders");

    const alert = await screen.findByRole("alert");
    expect(alert).toHaveTextContent(MSG.generic.somethingWrong);
    expect(router.state.location.pathname).toBe("/dashboard/myorders");
    fail = false;
    await user.click(within(alert).getByRole("button", { name: "Try again" }));
    expect(await screen.findByRole("heading", { name: "My orders" })).toBeInTheDocument();
  });

  it("shows at once when the browser says it is offline, and checks when it is back online", async () => {
    const fetchMock = mockApi({
      "GET /api/categories": () => ({ body: categories }),
      "GET /api/health": () => ({ body: { status: "ok", database: "pglite" } }),
    });
    renderRoutes(routes, "/");
    expect(await screen.findByRole("list", { name: "Categories" })).toBeInTheDocument();

    act(() => void window.dispatchEvent(new Event("offline")));
    expect(await banner()).toBeInTheDocument();
    act(() => void window.dispatchEvent(new Event("online")));
    await vi.waitFor(() => expect(screen.queryByText(MSG.network.banner)).not.toBeInTheDocument());
    expect(fetchMock.mock.calls.some(([url]) => url === "/api/health")).toBe(true);
  });
});
