import { screen, within } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { MSG } from "#shared/messages.ts";
import type { MyListing } from "#shared/schemas/listings.ts";
import { buildListing } from "#web/test/listings.ts";
import { mockApi, renderRoutes } from "#web/test/render.tsx";
import MyListingsPage from "./my-listings-page.tsx";

const path = "/dashboard/myproducts";
const routes = [
  { path, Component: MyListingsPage },
  { path: "/dashboard/mybuyers", element: <h1>My buyers page</h1> },
];

const mine = (id: string, model: string, over: Partial<MyListing> = {}): MyListing => ({
  ...buildListing({ id, model }),
  order: null,
  ...over,
});

afterEach(() => vi.unstubAllGlobals());

describe("My products: who holds or bought each bike", () => {
  it("names the buyer of a held and of a sold bike, and links to My buyers", async () => {
    mockApi({
      "GET /api/me/listings": () => ({
        body: {
          items: [
            mine("l1", "Yamaha FZS V3", {
              status: "sold",
              order: { status: "held", holdUntil: "2026-11-26T08:30:00.000Z", buyerName: "Nadia Islam" },
            }),
            mine("l2", "Bajaj Pulsar 150", {
              status: "sold",
              order: { status: "paid", holdUntil: null, buyerName: "Rafi Ahmed" },
            }),
            mine("l3", "Honda CB Hornet"),
          ],
          nextCursor: null,
        },
      }),
    });
    renderRoutes(routes, path);

    const held = await screen.findByRole("article", { name: "Yamaha FZS V3" });
    expect(within(held).getByText(MSG.sellerBooking.heldBadge)).toBeInTheDocument();
    expect(within(held).queryByText(MSG.listing.stockOut)).not.toBeInTheDocument();
    const heldLine = within(held).getByRole("link", {
      name: MSG.sellerBooking.heldFor("Nadia Islam", "26-Nov-2026, 2:30 pm"),
    });
    expect(heldLine).toHaveAttribute("href", "/dashboard/mybuyers");

    const sold = screen.getByRole("article", { name: "Bajaj Pulsar 150" });
    expect(within(sold).getByText(MSG.listing.stockOut)).toBeInTheDocument();
    expect(within(sold).getByRole("link", { name: MSG.sellerBooking.soldTo("Rafi Ahmed") })).toHaveAttribute(
      "href",
      "/dashboard/mybuyers",
    );

    const forSale = screen.getByRole("article", { name: "Honda CB Hornet" });
    expect(within(forSale).getByText(MSG.listing.available)).toBeInTheDocument();
    expect(within(forSale).queryByRole("link", { name: /Held for|Sold to/ })).not.toBeInTheDocument();
  });
});
