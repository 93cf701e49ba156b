import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { MSG } from "#shared/messages.ts";
import type { Listing } from "#shared/schemas/listings.ts";
import type { SellerProfile } from "#shared/schemas/people.ts";
import { buildListing } from "#web/test/listings.ts";
import { problemAnswer } from "#web/test/problems.ts";
import { mockApi, renderRoutes } from "#web/test/render.tsx";
import SellerRoute from "./seller-route.tsx";

const routes = [
  { path: "/sellers/:id", Component: SellerRoute },
  { path: "/products/productdetails/:id", element: <h1>Details page</h1> },
];

const karim: SellerProfile = {
  id: "s-1",
  name: "Karim Motors",
  photo: null,
  verified: true,
  rating: { average: 0, count: 0 },
  memberSince: "2022-11-05T10:00:00.000Z",
  bikesSold: 12,
  bikesForSale: 3,
};

const bike = (n: number): Listing => buildListing({ id: `l-${n}`, model: `Bike ${n}` });
const page = (items: Listing[], nextCursor: string | null = null) => ({
  items,
  nextCursor,
  total: 3,
  totalIsCapped: false,
});

/** No session call: the page is public. */
function serve(seller: SellerProfile | null, pages: Record<string, ReturnType<typeof page>> = {}) {
  return mockApi({
    "GET /api/sellers/s-1": () =>
      seller ? { body: { seller } } : problemAnswer(404, MSG.listing.sellerNotFound),
    "GET /api/listings": (_init, url) => ({ body: pages[url.searchParams.get("cursor") ?? ""] }),
  });
}

afterEach(() => vi.unstubAllGlobals());

describe("a seller's page", () => {
  it("shows who sells, without an email, and their bikes for sale, page by page", async () => {
    const fetchMock = serve(karim, { "": page([bike(1), bike(2)], "c1"), c1: page([bike(3)]) });
    const user = userEvent.setup();
    renderRoutes(routes, "/sellers/s-1");

    expect(screen.getByRole("status", { name: "Loading the seller" })).toBeInTheDocument();
    const heading = await screen.findByRole("heading", { level: 1, name: /Karim Motors/ });
    expect(within(heading).getByRole("img", { name: "Verified seller" })).toBeInTheDocument();
    expect(screen.getByRole("img", { name: "Karim Motors" })).toBeInTheDocument();
    expect(screen.getByText(/Member since/)).toHaveTextContent("Member since November 2022");
    expect(screen.getByText("Bikes sold").nextSibling).toHaveTextContent("12");
    expect(screen.getByText("Bikes for sale", { selector: "dt" }).nextSibling).toHaveTextContent("3");
    expect(document.body).not.toHaveTextContent("@");
    expect(document.title).toBe("Karim Motors — MotoHaat");

    const list = await screen.findByRole("region", { name: "Bikes for sale" });
    expect(await within(list).findAllByRole("article")).toHaveLength(2);
    expect(fetchMock).toHaveBeenCalledWith("/api/listings?category=all&seller=s-1", expect.anything());
    await user.click(within(list).getByRole("button", { name: "Load more" }));
    expect(await within(list).findByRole("article", { name: "Bike 3" })).toBeInTheDocument();
    expect(fetchMock).toHaveBeenCalledWith(
      "/api/listings?category=all&seller=s-1&cursor=c1",
      expect.anything(),
    );

    await user.click(within(list).getByRole("link", { name: "Bike 1" }));
    expect(await screen.findByRole("heading", { name: "Details page" })).toBeInTheDocument();
  });

  it("shows no tick for a seller who is not verified", async () => {
    serve({ ...karim, verified: false }, { "": page([]) });
    renderRoutes(routes, "/sellers/s-1");
    await screen.findByRole("heading", { level: 1, name: "Karim Motors" });
    expect(screen.queryByRole("img", { name: "Verified seller" })).not.toBeInTheDocument();
    expect(await screen.findByText("No bikes for sale right now")).toBeInTheDocument();
  });

  it("says so for a seller who is not on MotoHaat", async () => {
    serve(null);
    renderRoutes(routes, "/sellers/s-1");
    expect(await screen.findByRole("heading", { name: MSG.listing.sellerNotFound })).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "See all bikes" })).toHaveAttribute("href", "/products/all");
  });

  it("offers to try again when the seller cannot be loaded", async () => {
    let fail = true;
    mockApi({
      "GET /api/sellers/s-1": () =>
        fail
          ? { status: 503, body: { type: "about:blank", title: "Unavailable", status: 503, detail: "down" } }
          : { body: { seller: karim } },
      "GET /api/listings": () => ({ body: page([]) }),
    });
    const user = userEvent.setup();
    renderRoutes(routes, "/sellers/s-1");

    const alert = await screen.findByRole("alert");
    expect(alert).toHaveTextContent(MSG.generic.somethingWrong);
    fail = false;
    await user.click(within(alert).getByRole("button", { name: "Try again" }));
    expect(await screen.findByRole("heading", { level: 1, name: /Karim Motors/ })).toBeInTheDocument();
  });
});
