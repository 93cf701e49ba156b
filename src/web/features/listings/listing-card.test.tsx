import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { MSG } from "#shared/messages.ts";
import { buildListing } from "#web/test/listings.ts";
import { renderRoutes } from "#web/test/render.tsx";
import { ListingCard } from "./listing-card.tsx";

function renderCard(listing = buildListing(), actions?: React.ReactNode) {
  const view = renderRoutes(
    [
      { path: "/", element: <ListingCard listing={listing} actions={actions} /> },
      { path: "/sellers/:id", element: <h1>Seller page</h1> },
      { path: "/products/productdetails/:id", element: <h1>Details page</h1> },
    ],
    "/",
  );
  return { card: screen.getByRole("article", { name: listing.model }), ...view };
}

describe("ListingCard", () => {
  it("shows what a buyer scans a list for: model, price in taka, brand, year, km, district", () => {
    const { card } = renderCard();
    expect(within(card).getByRole("heading", { name: "Yamaha FZS V3" })).toBeInTheDocument();
    expect(card).toHaveTextContent("৳1,50,000");
    expect(card).toHaveTextContent("Yamaha · 2021 · 18,500 km");
    expect(card).toHaveTextContent("Dhaka");
    expect(card).toHaveTextContent("Karim Motors");
    expect(within(card).queryByText(MSG.listing.stockOut)).not.toBeInTheDocument();
  });

  it("links to the bike's details page", () => {
    const { card } = renderCard();
    expect(within(card).getByRole("link", { name: "Yamaha FZS V3" })).toHaveAttribute(
      "href",
      "/products/productdetails/l-1",
    );
  });

  it("links the seller's name to their page, above the card's own link", async () => {
    const { card, router } = renderCard();
    const seller = within(card).getByRole("link", { name: "Karim Motors" });
    expect(seller).toHaveAttribute("href", "/sellers/s-1");
    // The title's link covers the card (its ::after); the seller's link is lifted over it.
    expect(seller).toHaveClass("relative", "z-10");
    await userEvent.setup().click(seller);
    expect(router.state.location.pathname).toBe("/sellers/s-1");
  });

  it("lays the photo beside the text on phones and above it from 640 px", () => {
    const { card } = renderCard();
    expect(card).toHaveClass("flex-row", "sm:flex-col");
    expect(within(card).getByRole("img", { name: "Yamaha FZS V3" }).closest("figure")).toHaveClass("w-2/5");
  });

  it("draws the photo from its three widths, lazily, with its size reserved", () => {
    const img = within(renderCard().card).getByRole("img", { name: "Yamaha FZS V3" });
    expect(img).toHaveAttribute("srcset", expect.stringContaining("1280w"));
    expect(img).toHaveAttribute("sizes", expect.stringContaining("40vw"));
    expect(img).toHaveAttribute("loading", "lazy");
    expect(img).toHaveAttribute("width", "640");
    expect(img).toHaveAttribute("height", "480");
  });

  it("asks for no priority unless it is the first card, whose photo is then eager and fetched first", () => {
    const plain = within(renderCard().card).getByRole("img", { name: "Yamaha FZS V3" });
    expect(plain).not.toHaveAttribute("fetchpriority");
    const listing = buildListing({ id: "l-2", model: "Honda CB Hornet" });
    renderRoutes([{ path: "/", element: <ListingCard listing={listing} priority /> }], "/");
    const first = screen.getByRole("img", { name: "Honda CB Hornet" });
    expect(first).toHaveAttribute("fetchpriority", "high");
    expect(first).toHaveAttribute("loading", "eager");
  });

  it("marks a sold bike Stock Out", () => {
    const { card } = renderCard(buildListing({ status: "sold" }));
    expect(within(card).getByText(MSG.listing.stockOut)).toBeInTheDocument();
  });

  it("gives a verified seller the green tick", () => {
    expect(within(renderCard().card).getByRole("img", { name: "Verified seller" })).toBeInTheDocument();
  });

  it("shows no tick for a seller who is not verified", () => {
    const unverified = buildListing({ seller: { ...buildListing().seller, verified: false } });
    expect(
      within(renderCard(unverified).card).queryByRole("img", { name: "Verified seller" }),
    ).not.toBeInTheDocument();
  });

  it("shows the actions it is given", () => {
    const { card } = renderCard(buildListing(), <button type="button">Book now</button>);
    expect(within(card).getByRole("button", { name: "Book now" })).toBeInTheDocument();
  });
});
