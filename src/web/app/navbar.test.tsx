import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import type { ReactNode } from "react";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { User } from "#shared/schemas/auth.ts";
import { queryKeys } from "#web/lib/query-keys.ts";
import { buyer, mockApi, renderRoutes } from "#web/test/render.tsx";
import { RequireAuth } from "./guards.tsx";
import { Navbar } from "./navbar.tsx";

const withNavbar = (content: ReactNode) => (
  <>
    <Navbar />
    {content}
  </>
);

const routes = [
  { path: "/", element: withNavbar(<h1>Home page</h1>) },
  { path: "/signin", element: withNavbar(<h1>Sign-in page</h1>) },
  { path: "/dashboard/myproducts", element: withNavbar(<h1>My products page</h1>) },
  {
    path: "/dashboard",
    element: withNavbar(
      <RequireAuth>
        <h1>Dashboard page</h1>
      </RequireAuth>,
    ),
  },
];

const me = (user: User | null) => ({ "GET /api/auth/me": () => ({ body: { user } }) });

afterEach(() => vi.unstubAllGlobals());

describe("navbar", () => {
  it("offers Sign Up and Sign In to visitors, and no Products or Dashboard", async () => {
    mockApi(me(null));
    renderRoutes(routes, "/");
    const bar = screen.getByRole("banner");
    expect(await within(bar).findByRole("link", { name: "Sign In" })).toBeInTheDocument();
    expect(within(bar).queryByRole("link", { name: "Products" })).not.toBeInTheDocument();
    expect(within(bar).queryByRole("link", { name: "Dashboard" })).not.toBeInTheDocument();
  });

  it("offers Sign In when the server answered the session with an error (500): public pages are not stuck loading, a guarded page says so", async () => {
    const serverError = {
      "GET /api/auth/me": () => ({
        status: 500,
        body: { type: "about:blank", title: "Internal Server Error", status: 500 },
      }),
    };
    mockApi(serverError);
    renderRoutes(routes, "/");
    const bar = screen.getByRole("banner");
    // renderRoutes' client does not retry: the error is final at once.
    expect(await within(bar).findByRole("link", { name: "Sign In" })).toBeInTheDocument();

    mockApi(serverError);
    renderRoutes(routes, "/dashboard");
    expect(await screen.findByRole("button", { name: "Try again" })).toBeInTheDocument();
    expect(screen.queryByRole("heading", { name: "Sign-in page" })).not.toBeInTheDocument();
  });

  it.each([
    ["buyer", true],
    ["seller", false],
    ["admin", false],
  ] as const)("shows Products to a %s: %s", async (role, shown) => {
    mockApi(me({ ...buyer, role }));
    renderRoutes(routes, "/");
    const bar = screen.getByRole("banner");
    expect(await within(bar).findByRole("img", { name: buyer.name })).toHaveAttribute("title", buyer.name);
    expect(within(bar).queryAllByRole("link", { name: "Products" }).length > 0).toBe(shown);
  });

  it("holds the dashboard's pages in its one phone menu for a signed-in person, and none for a visitor", async () => {
    const user = userEvent.setup();
    mockApi({
      ...me({ ...buyer, role: "seller" }),
      "GET /api/conversations/unread": () => ({ body: { unread: 0 } }),
      "GET /api/notifications/unread-count": () => ({ body: { unread: 0 } }),
    });
    renderRoutes(routes, "/");
    await user.click(await screen.findByRole("button", { name: "Open menu" }));
    const dashboard = screen.getByRole("navigation", { name: "Dashboard" });
    const links = within(dashboard)
      .getAllByRole("link")
      .map((a) => [a.textContent, a.getAttribute("href")]);
    expect(links).toEqual([
      ["Overview", "/dashboard"],
      ["Add a product", "/dashboard/addproduct"],
      ["My products", "/dashboard/myproducts"],
      ["My buyers", "/dashboard/mybuyers"],
      ["Earnings", "/dashboard/earnings"],
      ["My ratings", "/dashboard/myreviews"],
      ["Messages", "/dashboard/messages"],
    ]);
    // Overview stands for the top bar's Dashboard link in this menu.
    const menu = dashboard.parentElement!;
    expect(within(menu).getAllByRole("link", { name: /dashboard|overview/i })).toHaveLength(1);

    await user.click(within(dashboard).getByRole("link", { name: "My products" }));
    expect(await screen.findByRole("heading", { name: "My products page" })).toBeInTheDocument();
    expect(screen.queryByRole("navigation", { name: "Dashboard" })).not.toBeInTheDocument();
  });

  it("offers a signed-out visitor's phone menu no dashboard", async () => {
    const user = userEvent.setup();
    mockApi(me(null));
    renderRoutes(routes, "/");
    await screen.findAllByRole("link", { name: "Sign In" });
    await user.click(screen.getByRole("button", { name: "Open menu" }));
    expect(screen.queryByRole("navigation", { name: "Dashboard" })).not.toBeInTheDocument();
  });

  it("signs out on the server, goes home and forgets the user", async () => {
    const fetchMock = mockApi({ ...me(buyer), "POST /api/auth/signout": () => ({ status: 204 }) });
    const user = userEvent.setup();
    const { router, queryClient } = renderRoutes(routes, "/dashboard");

    await screen.findByRole("heading", { name: "Dashboard page" });
    await user.click(screen.getAllByRole("button", { name: "Sign Out" })[0]!);

    expect(await screen.findByRole("heading", { name: "Home page" })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe("/");
    expect(queryClient.getQueryData(queryKeys.auth.me)).toEqual({ user: null });
    expect(fetchMock).toHaveBeenCalledWith("/api/auth/signout", expect.objectContaining({ method: "POST" }));
  });
});
