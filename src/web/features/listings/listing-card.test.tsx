import { screen, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { buildListing } from "#web/test/listings.ts";
import { renderRoutes } from "#web/test/render.tsx";
import { ListingCard } from "./listing-card.tsx";

function renderCard(listing = buildListing(), actions?: React.ReactNode) {
  renderRoutes([{ path: "/", element: <ListingCard listing={listing} actions={actions} /> }], "/");
  return screen.getByRole("article", { name: listing.model });
}

describe("ListingCard", () => {
  it("shows what a buyer compares, prices in taka and dates as 05-Nov-2022", () => {
    const card = renderCard();
    expect(within(card).getByRole("heading", { name: "Yamaha FZS V3" })).toBeInTheDocument();
    expect(card).toHaveTextContent("Yamaha");
    expect(card).toHaveTextContent("Engine (CC)149");
    expect(card).toHaveTextContent("CategoryCommuter");
    expect(card).toHaveTextContent("Brand new price৳2,35,000");
    expect(card).toHaveTextContent("Asking price৳1,50,000");
    expect(card).toHaveTextContent("Total used2 years");
    expect(card).toHaveTextContent("Post date05-Nov-2022");
    expect(card).toHaveTextContent("Karim Motors");
    expect(within(card).queryByText("Stock Out")).not.toBeInTheDocument();
  });

  it("links to the bike's details page", () => {
    const card = renderCard();
    expect(within(card).getByRole("link", { name: "Yamaha FZS V3" })).toHaveAttribute(
      "href",
      "/products/productdetails/l-1",
    );
  });

  it("draws the photo from its three widths, lazily, with its size reserved", () => {
    const img = within(renderCard()).getByRole("img", { name: "Yamaha FZS V3" });
    expect(img).toHaveAttribute("srcset", expect.stringContaining("1280w"));
    expect(img).toHaveAttribute("sizes");
    expect(img).toHaveAttribute("loading", "lazy");
    expect(img).toHaveAttribute("width", "640");
    expect(img).toHaveAttribute("height", "480");
  });

  it("marks a sold bike Stock Out", () => {
    const card = renderCard(buildListing({ status: "sold" }));
    expect(within(card).getByText("Stock Out")).toBeInTheDocument();
  });

  it("gives a verified seller the green tick, and only them", () => {
    expect(within(renderCard()).getByRole("img", { name: "Verified seller" })).toBeInTheDocument();
    const unverified = buildListing({
      id: "l-2",
      model: "Bajaj Pulsar",
      seller: { ...buildListing().seller, verified: false },
    });
    expect(
      within(renderCard(unverified)).queryByRole("img", { name: "Verified seller" }),
    ).not.toBeInTheDocument();
  });

  it("shows the actions it is given", () => {
    const card = renderCard(buildListing(), <button type="button">Book now</button>);
    expect(within(card).getByRole("button", { name: "Book now" })).toBeInTheDocument();
  });
});
