import type { QueryClient } from "@tanstack/react-query";
import { screen, within } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { User } from "#shared/schemas/auth.ts";
import { categoriesQueryOptions } from "#web/lib/categories-query.ts";
import { useSession } from "#web/lib/session.ts";
import { buyer, mockApi, renderRoutes } from "#web/test/render.tsx";
import HomePage from "./home-page.tsx";

/** As the app's router does: the loader asks for what the page lays out before the page renders. */
const routes = (queryClient: QueryClient) => [
  {
    path: "/",
    loader: () => {
      void queryClient.prefetchQuery(categoriesQueryOptions());
      return null;
    },
    element: <HomePage />,
  },
];
/** The routes with what the app's top bar does: it asks for the session and says who is signed in. */
function SignedInAs() {
  const { user } = useSession();
  return user ? <p>Signed in as {user.role}</p> : null;
}
const routesWithSession = (queryClient: QueryClient) =>
  routes(queryClient).map((route) => ({
    ...route,
    element: (
      <>
        <SignedInAs />
        {route.element}
      </>
    ),
  }));
const categories = {
  categories: [
    { slug: "commuter", label: "Commuter" },
    { slug: "cafe-racer", label: "Cafe racer" },
  ],
};
const seller: User = { ...buyer, id: "u-seller", role: "seller" };
const admin: User = { ...buyer, id: "u-admin", role: "admin" };

function expectAlwaysShownParts() {
  expect(screen.getByRole("region", { name: "Featured" })).toHaveAttribute(
    "aria-roledescription",
    "carousel",
  );
  expect(screen.getByRole("heading", { name: "About us" }).closest("section")).toHaveAttribute(
    "id",
    "about-us",
  );
  const contact = screen.getByRole("heading", { name: "Contact" }).closest("section")!;
  expect(contact).toHaveAttribute("id", "contact");
  expect(within(contact).getByText("24/7")).toBeInTheDocument();
  expect(within(contact).getByText("50+")).toBeInTheDocument();
}

afterEach(() => vi.unstubAllGlobals());

describe("home page", () => {
  it.each([
    ["a signed-out visitor", null],
    ["a buyer", buyer],
  ])("shows %s the categories and the hero", async (_who, user) => {
    mockApi({
      "GET /api/auth/me": () => ({ body: { user } }),
      "GET /api/categories": () => ({ body: categories }),
    });
    renderRoutes(routes, "/");

    // The first render of the page (and its artwork) is slow in jsdom on a cold start.
    const all = await screen.findByRole("link", { name: "All bikes" }, { timeout: 5000 });
    expect(all).toHaveAttribute("href", "/products/all");
    expect(screen.getByRole("link", { name: "Commuter" })).toHaveAttribute("href", "/products/commuter");
    expect(screen.getByRole("link", { name: "Cafe racer" })).toHaveAttribute("href", "/products/cafe-racer");
    expect(screen.getByRole("link", { name: /Get Started/ })).toHaveAttribute("href", "/products/all");
    expectAlwaysShownParts();
    expect(document.title).toBe("MotoHaat — used motorbikes in Bangladesh");
  });

  it.each([
    ["a seller", seller],
    ["an admin", admin],
  ])("shows %s the same page, nothing leaving once the session is known", async (_who, user) => {
    mockApi({
      "GET /api/auth/me": () => ({ body: { user } }),
      "GET /api/categories": () => ({ body: categories }),
    });
    renderRoutes(routesWithSession, "/");

    expect(await screen.findByRole("link", { name: "Commuter" }, { timeout: 5000 })).toBeInTheDocument();
    expect(await screen.findByText(`Signed in as ${user.role}`)).toBeInTheDocument();
    expect(screen.getByRole("heading", { name: "Browse by category" })).toBeInTheDocument();
    expect(screen.getByRole("link", { name: /Get Started/ })).toHaveAttribute("href", "/products/all");
    expectAlwaysShownParts();
  });

  it("shows the buyer's parts while the session is not known, as the server's page does", async () => {
    mockApi({
      "GET /api/auth/me": () => new Promise(() => {}),
      "GET /api/categories": () => ({ body: categories }),
    });
    renderRoutes(routes, "/");

    // The page a search engine and a first visit get, rendered for a signed-out visitor.
    expect(await screen.findByRole("link", { name: "Commuter" }, { timeout: 5000 })).toBeInTheDocument();
    expect(screen.getByRole("link", { name: /Get Started/ })).toBeInTheDocument();
    expectAlwaysShownParts();
    expect(screen.queryByRole("status", { name: "Loading" })).not.toBeInTheDocument();
  });

  it("shows the parts below the carousel together, once the categories have arrived", async () => {
    let answer: (value: { body: unknown }) => void = () => {};
    mockApi({
      "GET /api/auth/me": () => ({ body: { user: null } }),
      "GET /api/categories": () => new Promise((resolve) => (answer = resolve)),
    });
    renderRoutes(routes, "/");

    expect(await screen.findByRole("status", { name: "Loading" })).toBeInTheDocument();
    expect(screen.queryByRole("link", { name: /Get Started/ })).not.toBeInTheDocument();
    expect(screen.queryByRole("heading", { name: "About us" })).not.toBeInTheDocument();
    answer({ body: categories });
    expect(await screen.findByRole("link", { name: "Commuter" })).toBeInTheDocument();
    expect(screen.getByRole("link", { name: /Get Started/ })).toBeInTheDocument();
    expectAlwaysShownParts();
  });

  it("says so, and offers to try again, when the categories cannot be loaded", async () => {
    let fail = true;
    mockApi({
      "GET /api/auth/me": () => ({ body: { user: null } }),
      "GET /api/categories": () =>
        fail
          ? { status: 503, body: { type: "about:blank", title: "Unavailable", status: 503, detail: "down" } }
          : { body: categories },
    });
    renderRoutes(routes, "/");

    const alert = await screen.findByRole("alert");
    expect(alert).toHaveTextContent("We couldn't load the categories.");
    fail = false;
    within(alert).getByRole("button", { name: "Try again" }).click();
    expect(await screen.findByRole("link", { name: "Commuter" })).toBeInTheDocument();
  });
});
