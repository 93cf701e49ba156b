import { QueryClient } from "@tanstack/react-query";
import { createMemoryRouter } from "react-router";
import { afterEach, describe, expect, it, vi } from "vitest";
import { createRoutes } from "#web/router.tsx";
import { buildListing } from "#web/test/listings.ts";
import { mockApi } from "#web/test/render.tsx";

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

  it("the home page's advertised bikes", async () => {
    const { fetchMock, router } = start("/");
    await vi.waitFor(() => expect(requested(fetchMock)).toEqual(["/api/listings/advertised"]));
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
