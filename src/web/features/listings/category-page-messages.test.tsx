import { screen } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { MSG } from "#shared/messages.ts";
import { problemAnswer } from "#web/test/problems.ts";
import { mockApi, renderRoutes } from "#web/test/render.tsx";
import CategoryPage from "./category-page.tsx";

// The page's words come from MSG (quoted in docs/product.md), never a copy of their own: reworded
// there, they change on the page. A copy would keep the old words and this test would not find the new.
vi.mock("#shared/messages.ts", async (importOriginal) => {
  const { MSG: actual } = await importOriginal<typeof import("#shared/messages.ts")>();
  return {
    MSG: { ...actual, listing: { ...actual.listing, badFilters: "Reworded: these filters are refused." } },
  };
});

afterEach(() => vi.unstubAllGlobals());

describe("a category page's messages", () => {
  it("says a link's filters are refused (400) in MSG.listing.badFilters' words", async () => {
    mockApi({
      "GET /api/categories": () => ({ body: { categories: [{ slug: "commuter", label: "Commuter" }] } }),
      "GET /api/listings/brands": () => ({ body: { brands: [] } }),
      "GET /api/listings": () =>
        problemAnswer(400, MSG.listing.filterWholeNumber, { minPrice: MSG.listing.filterWholeNumber }),
    });
    renderRoutes([{ path: "/products/:category", Component: CategoryPage }], "/products/all?minPrice=cheap");

    expect(await screen.findByRole("alert")).toHaveTextContent(
      `Reworded: these filters are refused. Min price: ${MSG.listing.filterWholeNumber}`,
    );
  });
});
