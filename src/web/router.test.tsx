import { QueryClient } from "@tanstack/react-query";
import { screen } from "@testing-library/react";
import { createMemoryRouter } from "react-router";
import { afterEach, describe, expect, it, vi } from "vitest";
import { createRoutes } from "#web/router.tsx";
import { buildListing } from "#web/test/listings.ts";
import { mockApi, renderRoutes } from "#web/test/render.tsx";

const bike = buildListing();
const page = { items: [bike], nextCursor: null, total: 1, totalIsCapped: false };

afterEach(() => vi.unstubAllGlobals());

/**
 * The loaders ask for a page's data as soon as the URL is known, before (and without) its code: here
 * nothing is rendered at all, so only a loader can have sent the request.
 */
describe("the router starts a page's first request while its code loads", () => {
  const start = (url: string) => {
    const fetchMock = mockApi({
      "GET /api/listings/advertised": () => ({ body: page }),
      "GET /api/categories": () => ({ body: { categories: [] } }),
      "GET /api/listings": () => ({ body: page }),
      [`GET /api/listings/${bike.id}`]: () => ({
        body: { listing: { ...bike, photos: [] }, reportedByMe: false, priceHint: null },
      }),
    });
    const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    const router = createMemoryRouter(createRoutes(queryClient), { initialEntries: [url] });
    return { fetchMock, queryClient, router };
  };
  const requested = (fetchMock: ReturnType<typeof mockApi>) =>
    fetchMock.mock.calls.map(([input]) => String(input));

  it("the home page's advertised bikes and the categories shown above them", async () => {
    const { fetchMock, router } = start("/");
    await vi.waitFor(() =>
      expect(requested(fetchMock)).toEqual(["/api/listings/advertised", "/api/categories"]),
    );
    router.dispose();
  });

  it("a category with the search, filters and sort of its URL, as the page asks for them", async () => {
    const { fetchMock, router } = start("/products/commuter?q=pulsar&brand=Bajaj&sort=price_asc&junk=1");
    await vi.waitFor(() =>
      expect(requested(fetchMock)).toEqual([
        "/api/listings?category=commuter&q=pulsar&brand=Bajaj&sort=price_asc",
      ]),
    );
    router.dispose();
  });

  it("a bike's page", async () => {
    const { fetchMock, queryClient, router } = start(`/products/productdetails/${bike.id}`);
    await vi.waitFor(() => expect(requested(fetchMock)).toEqual([`/api/listings/${bike.id}`]));
    await vi.waitFor(() =>
      expect(queryClient.getQueryState(["listings", "detail", bike.id])?.status).toBe("success"),
    );
    router.dispose();
  });
});

describe("sign-in shows once the server has said whether Google is set up", () => {
  const signedOutWithoutDemo = {
    "GET /api/auth/me": () => ({ body: { user: null } }),
    "GET /api/auth/demo-accounts": () => ({ status: 404, body: { status: 404, title: "Not Found" } }),
  };

  it("so a server without Google never shows, then takes back, a place for its button", async () => {
    let answer: (google: boolean) => void = () => {};
    const providers = new Promise<boolean>((resolve) => {
      answer = resolve;
    });
    mockApi({
      ...signedOutWithoutDemo,
      "GET /api/auth/providers": async () => ({ body: { google: await providers } }),
    });
    renderRoutes(createRoutes, "/signin");
    // Not before the answer: the page would have had to guess.
    await vi.waitFor(() => expect(screen.getByRole("status", { name: "Loading" })).toBeInTheDocument());
    expect(screen.queryByRole("heading", { level: 1 })).not.toBeInTheDocument();
    answer(false);
    expect(
      await screen.findByRole("heading", { level: 1, name: "Sign in" }, { timeout: 5000 }),
    ).toBeInTheDocument();
    expect(screen.queryByText("Continue with Google")).not.toBeInTheDocument();
  });

  it("and shows at once, without it, when the API cannot be reached", async () => {
    mockApi({
      ...signedOutWithoutDemo,
      "GET /api/auth/providers": () => {
        throw new TypeError("Failed to fetch");
      },
    });
    renderRoutes(createRoutes, "/signin");
    expect(
      await screen.findByRole("heading", { level: 1, name: "Sign in" }, { timeout: 5000 }),
    ).toBeInTheDocument();
    expect(screen.queryByRole("link", { name: "Continue with Google" })).not.toBeInTheDocument();
  });
});
