import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { MSG } from "#shared/messages.ts";
import type { Listing } from "#shared/schemas/listings.ts";
import { polyfillDialog } from "#web/test/dialog.ts";
import { buildListing, pageOf } from "#web/test/listings.ts";
import { problemReply } from "#web/test/problems.ts";
import { mockApi, renderRoutes, withToasts } from "#web/test/render.tsx";
import MyListingsPage from "./my-listings-page.tsx";

const listing = (id: string, model: string, over: Partial<Listing> = {}) =>
  buildListing({ id, model, postedAt: "2026-01-05T10:00:00.000Z", ...over });

const path = "/dashboard/myproducts";
const routes = withToasts([
  { path, Component: MyListingsPage },
  { path: "/dashboard/addproduct", element: <h1>Add Product page</h1> },
  { path: "/dashboard/myproducts/details/:id", element: <h1>Details page</h1> },
]);

/** The seller's listings as the server holds them: advertising and deleting change what the next GET returns. */
function sellerApi(initial: Listing[]) {
  let listings = initial;
  return mockApi({
    "GET /api/me/listings": () => ({ body: pageOf(listings) }),
    ...Object.fromEntries(
      initial.flatMap((l) => [
        [
          `POST /api/listings/${l.id}/advertise`,
          () => {
            listings = listings.map((x) => (x.id === l.id ? { ...x, advertised: true } : x));
            return { body: { listing: { ...l, advertised: true } } };
          },
        ],
        [
          `DELETE /api/listings/${l.id}/advertise`,
          () => {
            listings = listings.map((x) => (x.id === l.id ? { ...x, advertised: false } : x));
            return { body: { listing: { ...l, advertised: false } } };
          },
        ],
        [
          `DELETE /api/listings/${l.id}`,
          () => {
            listings = listings.filter((x) => x.id !== l.id);
            return { status: 204 };
          },
        ],
      ]),
    ),
  });
}

beforeAll(polyfillDialog);
afterEach(() => vi.unstubAllGlobals());

describe("My products", () => {
  it("shows each bike with its prices, date and status, and links to its details", async () => {
    sellerApi([listing("l1", "Yamaha FZS V3"), listing("l2", "Bajaj Pulsar 150", { status: "sold" })]);
    const user = userEvent.setup();
    renderRoutes(routes, path);

    const available = await screen.findByRole("article", { name: "Yamaha FZS V3" });
    expect(available).toHaveTextContent("৳1,50,000");
    expect(available).toHaveTextContent("৳2,35,000");
    expect(available).toHaveTextContent("05-Jan-2026");
    expect(within(available).getByText(MSG.listing.available)).toBeInTheDocument();
    expect(available).toHaveTextContent("Year2021");
    expect(available).toHaveTextContent("Kilometres run18,500 km");
    expect(available).toHaveTextContent("LocationMirpur 10, Dhaka");
    expect(within(available).getByRole("link", { name: "Edit" })).toHaveAttribute(
      "href",
      "/dashboard/myproducts/edit/l1",
    );
    const sold = screen.getByRole("article", { name: "Bajaj Pulsar 150" });
    expect(within(sold).getByText(MSG.listing.stockOut)).toBeInTheDocument();
    // A sold bike can't be edited: no way to try.
    expect(within(sold).queryByRole("link", { name: "Edit" })).not.toBeInTheDocument();

    await user.click(within(available).getByRole("link", { name: "Details" }));
    expect(await screen.findByRole("heading", { name: "Details page" })).toBeInTheDocument();
  });

  it("advertises a bike, says so on the card, and stops advertising it with the same button", async () => {
    const fetchMock = sellerApi([listing("l1", "Yamaha FZS V3")]);
    const user = userEvent.setup();
    renderRoutes(routes, path);

    const card = await screen.findByRole("article", { name: "Yamaha FZS V3" });
    expect(within(card).queryByText("Advertised")).not.toBeInTheDocument();
    await user.click(within(card).getByRole("button", { name: "Advertise" }));

    expect(await screen.findByText(MSG.listing.advertised)).toBeInTheDocument();
    const stop = await within(card).findByRole("button", { name: "Stop ad" });
    expect(within(card).getByText("Advertised")).toBeInTheDocument();
    // The same button, changed: focus stays where the seller pressed.
    expect(stop).toHaveFocus();
    expect(fetchMock).toHaveBeenCalledWith(
      "/api/listings/l1/advertise",
      expect.objectContaining({ method: "POST" }),
    );

    await user.click(stop);
    expect(await screen.findByText(MSG.listing.unadvertised)).toBeInTheDocument();
    expect(await within(card).findByRole("button", { name: "Advertise" })).toBeEnabled();
    expect(within(card).queryByText("Advertised")).not.toBeInTheDocument();
    expect(fetchMock).toHaveBeenCalledWith(
      "/api/listings/l1/advertise",
      expect.objectContaining({ method: "DELETE" }),
    );
  });

  it("offers to stop advertising a held or sold bike that is still advertised", async () => {
    sellerApi([listing("l2", "Bajaj Pulsar 150", { status: "sold", advertised: true })]);
    const user = userEvent.setup();
    renderRoutes(routes, path);
    const card = await screen.findByRole("article", { name: "Bajaj Pulsar 150" });
    await user.click(within(card).getByRole("button", { name: "Stop ad" }));
    expect(await screen.findByText(MSG.listing.unadvertised)).toBeInTheDocument();
    expect(await within(card).findByRole("button", { name: "Advertise" })).toBeDisabled();
  });

  it("says why when stopping fails, and keeps the bike advertised", async () => {
    mockApi({
      "GET /api/me/listings": () => ({
        body: pageOf([listing("l1", "Yamaha FZS V3", { advertised: true })]),
      }),
      "DELETE /api/listings/l1/advertise": () => problemReply("listing.notFound"),
    });
    const user = userEvent.setup();
    renderRoutes(routes, path);
    const card = await screen.findByRole("article", { name: "Yamaha FZS V3" });
    await user.click(within(card).getByRole("button", { name: "Stop ad" }));
    expect(await screen.findByText(MSG.listing.notFound)).toBeInTheDocument();
    expect(within(card).getByRole("button", { name: "Stop ad" })).toBeEnabled();
  });

  it("offers neither advertising nor deleting for a sold bike", async () => {
    const fetchMock = sellerApi([listing("l2", "Bajaj Pulsar 150", { status: "sold" })]);
    renderRoutes(routes, path);

    const card = await screen.findByRole("article", { name: "Bajaj Pulsar 150" });
    expect(within(card).getByRole("button", { name: "can't be deleted" })).toBeDisabled();
    expect(within(card).getByRole("button", { name: "Advertise" })).toBeDisabled();
    expect(within(card).queryByRole("button", { name: "Delete" })).not.toBeInTheDocument();
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it("deletes a bike only after the seller confirms", async () => {
    const fetchMock = sellerApi([listing("l1", "Yamaha FZS V3"), listing("l3", "Honda Hornet")]);
    const user = userEvent.setup();
    renderRoutes(routes, path);
    const card = await screen.findByRole("article", { name: "Yamaha FZS V3" });
    const deleteCalls = () => fetchMock.mock.calls.filter(([, init]) => init?.method === "DELETE");

    // Cancel keeps it.
    await user.click(within(card).getByRole("button", { name: "Delete" }));
    let dialog = screen.getByRole("dialog", { name: "Delete Yamaha FZS V3?" });
    expect(dialog).toHaveAccessibleDescription(MSG.listing.confirmDelete);
    await user.click(within(dialog).getByRole("button", { name: "Cancel" }));
    await waitFor(() => expect(screen.queryByRole("dialog")).not.toBeInTheDocument());
    expect(deleteCalls()).toHaveLength(0);

    await user.click(within(card).getByRole("button", { name: "Delete" }));
    dialog = screen.getByRole("dialog", { name: "Delete Yamaha FZS V3?" });
    await user.click(within(dialog).getByRole("button", { name: "Delete" }));

    expect(await screen.findByText(MSG.listing.deleted)).toBeInTheDocument();
    await waitFor(() =>
      expect(screen.queryByRole("article", { name: "Yamaha FZS V3" })).not.toBeInTheDocument(),
    );
    expect(screen.getByRole("article", { name: "Honda Hornet" })).toBeInTheDocument();
    expect(deleteCalls().map(([url]) => url)).toEqual(["/api/listings/l1"]);
  });

  it("says so when the seller has no bikes, with a way to add one", async () => {
    sellerApi([]);
    renderRoutes(routes, path);
    expect(await screen.findByRole("heading", { name: MSG.listing.noneYet })).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Add Product" })).toHaveAttribute(
      "href",
      "/dashboard/addproduct",
    );
  });
});
