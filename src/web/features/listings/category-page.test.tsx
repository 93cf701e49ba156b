import { act, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { MSG } from "#shared/messages.ts";
import type { Listing } from "#shared/schemas/listings.ts";
import { buildListing, pageOf } from "#web/test/listings.ts";
import { buyer, mockApi, renderRoutes } from "#web/test/render.tsx";
import CategoryPage from "./category-page.tsx";
import { ListingsLayout } from "./listings-layout.tsx";

const routes = [
  {
    path: "/products",
    element: <ListingsLayout />,
    children: [
      { path: "/products/productdetails/:id", element: <h1>Details page</h1> },
      { path: "/products/:category", Component: CategoryPage },
    ],
  },
];

const categories = {
  categories: [
    { slug: "commuter", label: "Commuter" },
    { slug: "electric", label: "Electric" },
  ],
};

const bike = (n: number): Listing => buildListing({ id: `l-${n}`, model: `Bike ${n}` });

/** Answers GET /api/listings per category and cursor: `pages[category][cursor ?? ""]`. */
function serveListings(pages: Record<string, Record<string, ReturnType<typeof pageOf>>>) {
  return mockApi({
    "GET /api/auth/me": () => ({ body: { user: buyer } }),
    "GET /api/categories": () => ({ body: categories }),
    "GET /api/listings": (_init, url) => {
      const category = url.searchParams.get("category")!;
      const page = pages[category]?.[url.searchParams.get("cursor") ?? ""];
      if (page) return { body: page };
      return {
        status: 404,
        body: { type: "about:blank", title: "Not Found", status: 404, detail: MSG.listing.unknownCategory },
      };
    },
  });
}

afterEach(() => vi.unstubAllGlobals());

describe("a category of bikes", () => {
  it("shows the category's bikes as cards linking to their details", async () => {
    serveListings({ commuter: { "": pageOf([bike(1), bike(2)]) } });
    const user = userEvent.setup();
    renderRoutes(routes, "/products/commuter");

    expect(screen.getByRole("status", { name: "Loading bikes" })).toBeInTheDocument();
    expect(await screen.findByRole("heading", { level: 1, name: "Commuter" })).toBeInTheDocument();
    expect(await screen.findAllByRole("article")).toHaveLength(2);
    await user.click(screen.getByRole("link", { name: "Bike 2" }));
    expect(await screen.findByRole("heading", { name: "Details page" })).toBeInTheDocument();
  });

  it("moves to another category from the drawer's Category dropdown, and says when it is empty", async () => {
    const fetchMock = serveListings({
      commuter: { "": pageOf([bike(1)]) },
      electric: { "": pageOf([]) },
    });
    const user = userEvent.setup();
    const { router } = renderRoutes(routes, "/products/commuter");

    const select = screen.getByRole("combobox", { name: "Category" });
    await screen.findByRole("option", { name: "Electric" });
    expect(
      within(select)
        .getAllByRole("option")
        .map((o) => o.textContent),
    ).toEqual(["All", "Commuter", "Electric"]);
    expect(select).toHaveValue("commuter");
    await user.selectOptions(select, "Electric");

    expect(await screen.findByText("There are no products in Electric")).toBeInTheDocument();
    expect(router.state.location.pathname).toBe("/products/electric");
    expect(screen.queryByRole("article")).not.toBeInTheDocument();
    expect(fetchMock).toHaveBeenCalledWith("/api/listings?category=electric", expect.anything());
  });

  it("loads the next page from the Load more button", async () => {
    const fetchMock = serveListings({
      all: { "": pageOf([bike(1)], "c1"), c1: pageOf([bike(2)]) },
    });
    const user = userEvent.setup();
    renderRoutes(routes, "/products/all");

    expect(await screen.findByRole("heading", { level: 1, name: "All bikes" })).toBeInTheDocument();
    await user.click(await screen.findByRole("button", { name: "Load more" }));
    expect(await screen.findByRole("article", { name: "Bike 2" })).toBeInTheDocument();
    expect(fetchMock).toHaveBeenCalledWith("/api/listings?category=all&cursor=c1", expect.anything());
    expect(screen.queryByRole("button", { name: "Load more" })).not.toBeInTheDocument();
  });

  it("loads the next page by itself when the end of the list scrolls into view", async () => {
    let reachEnd = () => {};
    vi.stubGlobal(
      "IntersectionObserver",
      class {
        constructor(private readonly onChange: (entries: { isIntersecting: boolean }[]) => void) {}
        observe() {
          reachEnd = () => this.onChange([{ isIntersecting: true }]);
        }
        disconnect() {
          reachEnd = () => {};
        }
      },
    );
    serveListings({ all: { "": pageOf([bike(1)], "c1"), c1: pageOf([bike(2)]) } });
    renderRoutes(routes, "/products/all");

    await screen.findByRole("button", { name: "Load more" });
    expect(screen.queryByRole("article", { name: "Bike 2" })).not.toBeInTheDocument();
    act(() => reachEnd());
    expect(await screen.findByRole("article", { name: "Bike 2" })).toBeInTheDocument();
  });

  it("says so, with a way back, for a category that does not exist", async () => {
    serveListings({});
    renderRoutes(routes, "/products/spaceships");
    expect(await screen.findByRole("heading", { name: MSG.listing.unknownCategory })).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "See all bikes" })).toHaveAttribute("href", "/products/all");
  });

  it("offers to try again when the bikes cannot be loaded", async () => {
    let fail = true;
    mockApi({
      "GET /api/auth/me": () => ({ body: { user: buyer } }),
      "GET /api/categories": () => ({ body: categories }),
      "GET /api/listings": () =>
        fail
          ? { status: 503, body: { type: "about:blank", title: "Unavailable", status: 503, detail: "down" } }
          : { body: pageOf([bike(1)]) },
    });
    const user = userEvent.setup();
    renderRoutes(routes, "/products/all");

    const alert = await screen.findByRole("alert");
    expect(alert).toHaveTextContent(MSG.generic.somethingWrong);
    fail = false;
    await user.click(within(alert).getByRole("button", { name: "Try again" }));
    expect(await screen.findByRole("article", { name: "Bike 1" })).toBeInTheDocument();
  });
});
