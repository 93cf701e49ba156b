import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { MSG } from "#shared/messages.ts";
import type { Listing } from "#shared/schemas/listings.ts";
import { polyfillDialog } from "#web/test/dialog.ts";
import { buildListing } from "#web/test/listings.ts";
import { problemReply } from "#web/test/problems.ts";
import { buyer, mockApi, renderRoutes, withToasts } from "#web/test/render.tsx";
import SellerListingDetailsPage from "./seller-listing-details-page.tsx";

const seller = { ...buyer, id: "s-1", name: "Karim Motors", role: "seller" as const };
const listing = buildListing({
  seller: {
    id: seller.id,
    name: seller.name,
    photo: null,
    verified: false,
    rating: { average: 0, count: 0 },
  },
});

const routes = withToasts([
  { path: "/dashboard/myproducts/details/:id", Component: SellerListingDetailsPage },
  { path: "/dashboard/myproducts", element: <h1>My products page</h1> },
]);

const api = (found: Listing | null) => ({
  "GET /api/auth/me": () => ({ body: { user: seller } }),
  [`GET /api/listings/${listing.id}`]: () =>
    found ? { body: { listing: found, reportedByMe: false } } : problemReply("listing.notFound"),
});

beforeAll(polyfillDialog);
afterEach(() => vi.unstubAllGlobals());

describe("Seller's listing details", () => {
  it("advertises the bike and stops advertising it from its page", async () => {
    let current: Listing = listing;
    const fetchMock = mockApi({
      ...api(null),
      [`GET /api/listings/${listing.id}`]: () => ({ body: { listing: current, reportedByMe: false } }),
      [`POST /api/listings/${listing.id}/advertise`]: () => {
        current = { ...current, advertised: true };
        return { body: { listing: current } };
      },
      [`DELETE /api/listings/${listing.id}/advertise`]: () => {
        current = { ...current, advertised: false };
        return { body: { listing: current } };
      },
    });
    const user = userEvent.setup();
    renderRoutes(routes, `/dashboard/myproducts/details/${listing.id}`);

    await user.click(await screen.findByRole("button", { name: "Advertise" }));
    expect(await screen.findByText(MSG.listing.advertised)).toBeInTheDocument();
    await user.click(await screen.findByRole("button", { name: "Stop ad" }));
    expect(await screen.findByText(MSG.listing.unadvertised)).toBeInTheDocument();
    expect(await screen.findByRole("button", { name: "Advertise" })).toBeEnabled();
    expect(fetchMock).toHaveBeenCalledWith(
      `/api/listings/${listing.id}/advertise`,
      expect.objectContaining({ method: "DELETE" }),
    );
  });

  it("shows the bike in full and deletes it after confirming, then goes back to My products", async () => {
    const fetchMock = mockApi({
      ...api(listing),
      [`DELETE /api/listings/${listing.id}`]: () => ({ status: 204 }),
    });
    const user = userEvent.setup();
    const { router } = renderRoutes(routes, `/dashboard/myproducts/details/${listing.id}`);

    expect(await screen.findByRole("heading", { level: 1, name: listing.model })).toBeInTheDocument();
    expect(screen.getByText(MSG.listing.available)).toBeInTheDocument();
    expect(screen.getByText("2 years")).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Edit" })).toHaveAttribute(
      "href",
      `/dashboard/myproducts/edit/${listing.id}`,
    );

    await user.click(screen.getByRole("button", { name: "Delete" }));
    const dialog = screen.getByRole("dialog", { name: `Delete ${listing.model}?` });
    expect(fetchMock).not.toHaveBeenCalledWith(
      `/api/listings/${listing.id}`,
      expect.objectContaining({ method: "DELETE" }),
    );
    await user.click(within(dialog).getByRole("button", { name: "Delete" }));

    expect(await screen.findByRole("heading", { name: "My products page" })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe("/dashboard/myproducts");
    expect(await screen.findByText(MSG.listing.deleted)).toBeInTheDocument();
  });

  it("shows Stock Out and a disabled can't be deleted for a sold bike", async () => {
    mockApi(api({ ...listing, status: "sold" }));
    renderRoutes(routes, `/dashboard/myproducts/details/${listing.id}`);
    expect(await screen.findByRole("button", { name: "can't be deleted" })).toBeDisabled();
    expect(screen.queryByRole("link", { name: "Edit" })).not.toBeInTheDocument();
    expect(screen.getByText(MSG.listing.stockOut)).toBeInTheDocument();
  });

  it.each([
    ["does not exist", null],
    [
      "belongs to another seller",
      { ...listing, seller: { ...listing.seller, id: "s-2", name: "Someone else" } },
    ],
  ])("says the bike is not among the seller's products when it %s", async (_, found) => {
    mockApi(api(found));
    renderRoutes(routes, `/dashboard/myproducts/details/${listing.id}`);
    expect(
      await screen.findByRole("heading", { name: "This bike is not among your products" }),
    ).toBeInTheDocument();
    expect(screen.queryByRole("button", { name: "Delete" })).not.toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Back to My products" })).toHaveAttribute(
      "href",
      "/dashboard/myproducts",
    );
  });
});
