import { screen, within } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { MSG } from "#shared/messages.ts";
import type { User } from "#shared/schemas/auth.ts";
import { createRoutes } from "#web/router.tsx";
import { buildListing } from "#web/test/listings.ts";
import { buyer, mockApi, renderRoutes } from "#web/test/render.tsx";

const bike = buildListing();
const listingsPage = { items: [bike], nextCursor: null, total: 1, totalIsCapped: false };

/** The app's own routes (guards and all), as a visitor with this session finds them. */
function visit(url: string, user: User | null) {
  const fetchMock = mockApi({
    "GET /api/auth/me": () => ({ body: { user } }),
    "GET /api/categories": () => ({ body: { categories: [{ slug: "commuter", label: "Commuter" }] } }),
    "GET /api/listings": () => ({ body: listingsPage }),
    "GET /api/listings/brands": () => ({ body: { brands: ["Yamaha"] } }),
    [`GET /api/listings/${bike.id}`]: () => ({
      body: { listing: { ...bike, photos: [] }, reportedByMe: false, priceHint: null },
    }),
    "GET /api/sellers/s-1": () => ({
      body: {
        seller: { ...bike.seller, memberSince: "2022-11-05T10:00:00.000Z", bikesSold: 1, bikesForSale: 1 },
      },
    }),
  });
  return { ...renderRoutes(createRoutes, url), fetchMock };
}

const seller: User = { ...buyer, role: "seller" };
const admin: User = { ...buyer, role: "admin" };

afterEach(() => vi.unstubAllGlobals());

describe("anyone can look at bikes", () => {
  it.each([
    ["a signed-out visitor", null],
    ["a buyer", buyer],
    ["a seller", seller],
    ["an admin", admin],
  ])("%s opens a category page", async (_who, user) => {
    const { router } = visit("/products/all?q=fz", user);
    expect(
      await screen.findByRole("heading", { level: 1, name: "All bikes" }, { timeout: 5000 }),
    ).toBeInTheDocument();
    expect(await screen.findByRole("article", { name: bike.model })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe("/products/all");
  });

  it.each([
    ["a signed-out visitor", null],
    ["a seller", seller],
  ])("%s opens a bike's details page", async (_who, user) => {
    const { router } = visit(`/products/productdetails/${bike.id}`, user);
    expect(
      await screen.findByRole("heading", { level: 1, name: bike.model }, { timeout: 5000 }),
    ).toBeInTheDocument();
    expect(router.state.location.pathname).toBe(`/products/productdetails/${bike.id}`);
  });

  it("the seller of the bike finds Edit where others find Book now", async () => {
    visit(`/products/productdetails/${bike.id}`, { ...seller, id: bike.seller.id });
    const edit = await screen.findByRole("link", { name: "Edit" }, { timeout: 5000 });
    expect(edit).toHaveAttribute("href", `/dashboard/myproducts/edit/${bike.id}`);
    expect(screen.queryByRole("button", { name: "Book now" })).not.toBeInTheDocument();
  });

  it("another seller still finds Book now, which only buyers can use", async () => {
    visit(`/products/productdetails/${bike.id}`, seller);
    expect(
      await screen.findByRole("button", { name: "Book now" }, { timeout: 5000 }),
    ).toHaveAccessibleDescription("Only buyer accounts can book bikes.");
    expect(screen.queryByRole("link", { name: "Edit" })).not.toBeInTheDocument();
  });

  it("a page asks for its bikes once: what its loader fetched while the code loaded is what it shows", async () => {
    const { fetchMock } = visit(`/products/productdetails/${bike.id}`, buyer);
    await screen.findByRole("heading", { level: 1, name: bike.model }, { timeout: 5000 });
    const { fetchMock: listFetch } = visit("/products/all", buyer);
    await screen.findByRole("heading", { level: 1, name: "All bikes" }, { timeout: 5000 });
    await screen.findAllByRole("article", { name: bike.model });
    const asked = (path: string) =>
      [...fetchMock.mock.calls, ...listFetch.mock.calls].filter(
        ([input]) => String(input).split("?")[0] === path,
      );
    expect(asked(`/api/listings/${bike.id}`)).toHaveLength(1);
    expect(asked("/api/listings")).toHaveLength(1);
  });

  it("a signed-out visitor finds Share, the seller's link, and why Book now asks for a sign-in", async () => {
    visit(`/products/productdetails/${bike.id}`, null);
    const article = await screen.findByRole("article", { name: bike.model }, { timeout: 5000 });
    expect(within(article).getByRole("button", { name: "Share" })).toBeInTheDocument();
    expect(within(article).getByRole("link", { name: "Karim Motors" })).toHaveAttribute(
      "href",
      "/sellers/s-1",
    );
    expect(
      await within(article).findByRole("button", { name: "Book now", description: MSG.listing.signInToBook }),
    ).toBeEnabled();
  });

  it("a signed-out visitor opens a seller's page", async () => {
    visit("/sellers/s-1", null);
    const heading = await screen.findByRole("heading", { level: 1, name: /Karim Motors/ }, { timeout: 5000 });
    expect(within(heading).getByRole("img", { name: "Verified seller" })).toBeInTheDocument();
  });
});
