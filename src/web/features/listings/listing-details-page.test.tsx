import { screen, within } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { MSG } from "#shared/messages.ts";
import type { ListingDetailResponse } from "#shared/schemas/listings.ts";
import { buildListing } from "#web/test/listings.ts";
import { mockApi, renderRoutes } from "#web/test/render.tsx";
import ListingDetailsPage from "./listing-details-page.tsx";

const actions = ({ listing, reportedByMe }: ListingDetailResponse) => (
  <button type="button">{`Act on ${listing.model}${reportedByMe ? " (reported)" : ""}`}</button>
);
const routes = [{ path: "/products/productdetails/:id", element: <ListingDetailsPage actions={actions} /> }];

function serveDetail(detail: ListingDetailResponse) {
  return mockApi({ [`GET /api/listings/${detail.listing.id}`]: () => ({ body: detail }) });
}

afterEach(() => vi.unstubAllGlobals());

describe("a bike's details page", () => {
  it("shows every field, Available, the seller in full, and the actions it is given", async () => {
    serveDetail({ listing: { ...buildListing(), photos: [] }, reportedByMe: true, priceHint: null });
    renderRoutes(routes, "/products/productdetails/l-1");

    const article = await screen.findByRole("article", { name: "Yamaha FZS V3" });
    expect(screen.getByRole("heading", { level: 1, name: "Yamaha FZS V3" })).toBeInTheDocument();
    expect(within(article).getByText(MSG.listing.available)).toBeInTheDocument();
    expect(within(article).queryByText(MSG.listing.stockOut)).not.toBeInTheDocument();
    for (const text of [
      "Engine (CC)149",
      "CategoryCommuter",
      "Brand new price৳2,35,000",
      "Asking price৳1,50,000",
      "Total used2 years",
      "Post date05-Nov-2022",
    ]) {
      expect(article).toHaveTextContent(text);
    }
    const seller = within(article).getByRole("region", { name: "Seller" });
    expect(seller).toHaveTextContent("Karim Motors");
    expect(within(seller).getByRole("link", { name: "seller@motohaat.test" })).toHaveAttribute(
      "href",
      "mailto:seller@motohaat.test",
    );
    expect(within(seller).getByRole("img", { name: "Verified seller" })).toBeInTheDocument();
    expect(within(seller).getByRole("img", { name: "Karim Motors" })).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Act on Yamaha FZS V3 (reported)" })).toBeInTheDocument();
    expect(document.title).toBe("Yamaha FZS V3 — MotoHaat");
  });

  it("says Stock Out for a sold bike", async () => {
    serveDetail({
      listing: { ...buildListing({ status: "sold" }), photos: [] },
      reportedByMe: false,
      priceHint: null,
    });
    renderRoutes(routes, "/products/productdetails/l-1");

    const article = await screen.findByRole("article", { name: "Yamaha FZS V3" });
    expect(within(article).getByText(MSG.listing.stockOut)).toBeInTheDocument();
    expect(within(article).queryByText(MSG.listing.available)).not.toBeInTheDocument();
  });

  it("says the bike is not here, with a way on, for an unknown id", async () => {
    mockApi({
      "GET /api/listings/nope": () => ({
        status: 404,
        body: { type: "about:blank", title: "Not Found", status: 404, detail: MSG.listing.notFound },
      }),
    });
    renderRoutes(routes, "/products/productdetails/nope");

    expect(await screen.findByRole("heading", { name: MSG.listing.notFound })).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "See all bikes" })).toHaveAttribute("href", "/products/all");
    expect(document.title).toBe("Bike not found — MotoHaat");
  });
});
