import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { User } from "#shared/schemas/auth.ts";
import { queryKeys } from "#web/lib/query-keys.ts";
import { buildListing, pageOf } from "#web/test/listings.ts";
import { buyer, mockApi, renderRoutes } from "#web/test/render.tsx";
import HomeRoute from "./home-route.tsx";

const routes = [{ path: "/", element: <HomeRoute /> }];
const categories = { categories: [{ slug: "commuter", label: "Commuter" }] };
const advertised = pageOf([
  buildListing({ id: "l-1", model: "Yamaha FZS V3", advertised: true }),
  buildListing({ id: "l-2", model: "Suzuki Gixxer", advertised: true }),
]);

function serve(user: User | null, ads = advertised) {
  return mockApi({
    "GET /api/auth/me": () => ({ body: { user } }),
    "GET /api/categories": () => ({ body: categories }),
    "GET /api/listings/advertised": () => ({ body: ads }),
  });
}

afterEach(() => vi.unstubAllGlobals());

describe("home page advertised bikes", () => {
  it.each([
    ["a signed-out visitor", null],
    ["a buyer", buyer],
  ])(
    "shows %s the search, the categories, then the advertised bikes, each with Book now",
    async (_who, user) => {
      serve(user);
      renderRoutes(routes, "/");

      const heading = await screen.findByRole("heading", { name: "Advertised bikes" }, { timeout: 5000 });
      const section = heading.closest("section")!;
      const cards = within(section).getAllByRole("article");
      expect(cards.map((c) => within(c).getByRole("heading").textContent)).toEqual([
        "Yamaha FZS V3",
        "Suzuki Gixxer",
      ]);
      // Ready from the first render, the session known or not (a press waits for it).
      for (const card of cards) {
        expect(within(card).getByRole("button", { name: "Book now" })).toBeEnabled();
      }
      const categoriesHeading = await screen.findByRole("heading", { name: "Browse by category" });
      const search = screen.getByRole("search", { name: "All bikes" });
      const follows = (a: Node, b: Node) =>
        Boolean(a.compareDocumentPosition(b) & Node.DOCUMENT_POSITION_FOLLOWING);
      expect(follows(search, categoriesHeading)).toBe(true);
      expect(follows(categoriesHeading, heading)).toBe(true);
    },
  );

  it("searches every bike from the first screen", async () => {
    serve(null);
    const user = userEvent.setup();
    const { router } = renderRoutes(
      [...routes, { path: "/products/:category", element: <h1>List page</h1> }],
      "/",
    );
    await user.type(await screen.findByLabelText("Find a used bike"), "pulsar 150{Enter}");
    expect(await screen.findByRole("heading", { name: "List page" })).toBeInTheDocument();
    expect(`${router.state.location.pathname}${router.state.location.search}`).toBe(
      "/products/all?q=pulsar+150",
    );
  });

  it("leaves the section out when no bike is advertised", async () => {
    serve(null, pageOf([]));
    const { queryClient } = renderRoutes(routes, "/");

    await screen.findByRole("link", { name: "All bikes" }, { timeout: 5000 });
    await waitFor(() =>
      expect(queryClient.getQueryState(queryKeys.listings.advertised)?.status).toBe("success"),
    );
    expect(screen.queryByRole("heading", { name: "Advertised bikes" })).not.toBeInTheDocument();
  });

  it("shows a seller the advertised bikes too, each saying only buyers can book", async () => {
    serve({ ...buyer, id: "u-seller", role: "seller" });
    renderRoutes(routes, "/");

    const heading = await screen.findByRole("heading", { name: "Advertised bikes" }, { timeout: 5000 });
    const cards = within(heading.closest("section")!).getAllByRole("article");
    expect(cards).toHaveLength(2);
    for (const card of cards) {
      const book = await within(card).findByRole("button", { name: "Book now" });
      await waitFor(() => expect(book).toHaveAccessibleDescription("Only buyer accounts can book bikes."));
      expect(book).toBeDisabled();
    }
  });
});
