import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { MSG } from "#shared/messages.ts";
import { MONEY_MSG } from "#shared/money-messages.ts";
import type { SellerBooking } from "#shared/schemas/orders.ts";
import { polyfillDialog } from "#web/test/dialog.ts";
import { buildListing } from "#web/test/listings.ts";
import { problemReply } from "#web/test/problems.ts";
import { mockApi, renderRoutes, withToasts } from "#web/test/render.tsx";
import MyBuyersPage from "./my-buyers-page.tsx";

const routes = withToasts([{ path: "/dashboard/mybuyers", Component: MyBuyersPage }]);
const { photo } = buildListing();

const booking = (over: Partial<SellerBooking> = {}): SellerBooking => ({
  id: "o-1",
  status: "held",
  holdUntil: "2026-11-26T08:30:00.000Z",
  bookedAt: "2026-11-24T08:30:00.000Z",
  paidAt: null,
  endedAt: null,
  price: 185_000,
  meetingLocation: "Dhanmondi 27, Dhaka",
  listing: { id: "bike-1", model: "Yamaha FZS V3", photo },
  buyer: {
    id: "b-1",
    name: "Nadia Islam",
    email: "nadia@motohaat.test",
    photo: null,
    phone: "+8801712345678",
  },
  cash: null,
  handover: null,
  paidWith: null,
  ...over,
});

const page = (items: SellerBooking[]) => ({ body: { items, nextCursor: null } });

beforeAll(polyfillDialog);
afterEach(() => vi.unstubAllGlobals());

describe("My buyers", () => {
  it("shows a held booking: bike, price, state, buyer with tap-to-write and tap-to-call, place and date", async () => {
    mockApi({ "GET /api/me/buyers": () => page([booking()]) });
    renderRoutes(routes, "/dashboard/mybuyers");

    const card = await screen.findByRole("article", { name: "Yamaha FZS V3" });
    expect(within(card).getByRole("link", { name: "Yamaha FZS V3" })).toHaveAttribute(
      "href",
      "/dashboard/myproducts/details/bike-1",
    );
    // The photo is decoration beside the linked model, out of the way of a screen reader.
    expect(card.querySelector("img")).toHaveAttribute("src", photo.src);
    expect(card).toHaveTextContent("৳1,85,000");
    expect(within(card).getByText(MSG.sellerBooking.held("26-Nov-2026, 2:30 pm"))).toBeInTheDocument();
    const buyer = within(card).getByRole("region", { name: "Buyer" });
    expect(buyer).toHaveTextContent("Nadia Islam");
    expect(within(buyer).getByRole("link", { name: "nadia@motohaat.test" })).toHaveAttribute(
      "href",
      "mailto:nadia@motohaat.test",
    );
    expect(within(buyer).getByRole("link", { name: "01712-345678" })).toHaveAttribute(
      "href",
      "tel:+8801712345678",
    );
    expect(card).toHaveTextContent("Meeting place");
    expect(card).toHaveTextContent("Dhanmondi 27, Dhaka");
    expect(within(card).getByText("24-Nov-2026, 2:30 pm")).toHaveAttribute(
      "datetime",
      "2026-11-24T08:30:00.000Z",
    );
    expect(within(card).getByRole("button", { name: /^Release/ })).toBeEnabled();
  });

  it("shows each state; ended bookings say why there is no contact and offer no Release", async () => {
    mockApi({
      "GET /api/me/buyers": () =>
        page([
          booking({
            id: "paid",
            status: "paid",
            holdUntil: null,
            paidAt: "2026-11-25T04:00:00.000Z",
            listing: { id: "l-paid", model: "Paid Bike", photo },
          }),
          // Card money MotoHaat holds until the handover, and money already gone to the seller.
          booking({
            id: "held-money",
            status: "paid",
            holdUntil: null,
            paidAt: "2026-11-25T04:00:00.000Z",
            paidWith: "card",
            handover: {
              releaseDueAt: "2026-12-02T04:00:00.000Z",
              handedOverAt: null,
              moneyReleasedAt: null,
              dispute: null,
            },
            listing: { id: "l-held-money", model: "Held Money Bike", photo },
          }),
          booking({
            id: "released-money",
            status: "paid",
            holdUntil: null,
            paidAt: "2026-11-25T04:00:00.000Z",
            paidWith: "card",
            handover: {
              releaseDueAt: "2026-12-02T04:00:00.000Z",
              handedOverAt: "2026-11-26T04:00:00.000Z",
              moneyReleasedAt: "2026-11-26T04:00:00.000Z",
              dispute: null,
            },
            listing: { id: "l-released-money", model: "Released Money Bike", photo },
          }),
          ...(["expired", "cancelled", "released"] as const).map((status) =>
            booking({
              id: status,
              status,
              holdUntil: null,
              endedAt: "2026-11-25T10:00:00.000Z",
              listing: { id: `l-${status}`, model: `${status} Bike`, photo },
              buyer: { id: "b-2", name: "Gone Buyer", email: null, photo: null, phone: null },
            }),
          ),
        ]),
    });
    renderRoutes(routes, "/dashboard/mybuyers");

    const paid = await screen.findByRole("article", { name: "Paid Bike" });
    expect(within(paid).getByText(MSG.sellerBooking.paid)).toBeInTheDocument();
    expect(paid).toHaveTextContent("25-Nov-2026, 10:00 am");
    expect(within(paid).getByRole("link", { name: "01712-345678" })).toBeInTheDocument();
    expect(within(paid).queryByRole("button", { name: /Release/ })).not.toBeInTheDocument();
    expect(
      within(screen.getByRole("article", { name: "Held Money Bike" })).getByText(
        MONEY_MSG.handover.sellerHeld("02-Dec-2026"),
      ),
    ).toBeInTheDocument();
    expect(
      within(screen.getByRole("article", { name: "Released Money Bike" })).getByText(
        MONEY_MSG.handover.sellerReleased,
      ),
    ).toBeInTheDocument();

    for (const status of ["expired", "cancelled", "released"] as const) {
      const card = screen.getByRole("article", { name: `${status} Bike` });
      expect(within(card).getByText(MSG.sellerBooking[status])).toBeInTheDocument();
      expect(within(card).getByText(MSG.sellerBooking.contactEnded)).toBeInTheDocument();
      expect(within(card).queryByRole("link", { name: /@|^01/ })).not.toBeInTheDocument();
      expect(card).toHaveTextContent("Ended");
      expect(within(card).queryByRole("button", { name: /Release/ })).not.toBeInTheDocument();
    }
  });

  it("releases a held booking after asking: toast, and the list shows it released", async () => {
    let released = false;
    const fetchMock = mockApi({
      "GET /api/me/buyers": () =>
        page([
          released
            ? booking({ status: "released", holdUntil: null, endedAt: "2026-11-25T10:00:00.000Z" })
            : booking(),
        ]),
      "POST /api/orders/o-1/release": () => {
        released = true;
        return { status: 204 };
      },
    });
    const user = userEvent.setup();
    renderRoutes(routes, "/dashboard/mybuyers");

    const card = await screen.findByRole("article", { name: "Yamaha FZS V3" });
    await user.click(
      within(card).getByRole("button", {
        name: MSG.sellerBooking.releaseLabel("Nadia Islam", "Yamaha FZS V3"),
      }),
    );
    const dialog = await screen.findByRole("dialog", {
      name: MSG.sellerBooking.confirmReleaseTitle("Yamaha FZS V3"),
    });
    expect(dialog).toHaveTextContent(MSG.order.confirmRelease("Yamaha FZS V3", "Nadia Islam"));
    expect(within(dialog).getByRole("button", { name: "Cancel" })).toHaveFocus();
    await user.click(within(dialog).getByRole("button", { name: MSG.sellerBooking.release }));

    expect(await screen.findByText(MSG.order.releasedToSeller("Yamaha FZS V3"))).toBeInTheDocument();
    expect(fetchMock).toHaveBeenCalledWith(
      "/api/orders/o-1/release",
      expect.objectContaining({ method: "POST" }),
    );
    expect(await within(card).findByText(MSG.sellerBooking.released)).toBeInTheDocument();
    await waitFor(() =>
      expect(within(card).queryByRole("button", { name: /Release/ })).not.toBeInTheDocument(),
    );
  });

  it("says why when the release is refused, and keeps the booking as the server has it", async () => {
    mockApi({
      "GET /api/me/buyers": () => page([booking()]),
      "POST /api/orders/o-1/release": () => problemReply("order.notHeld.paid"),
    });
    const user = userEvent.setup();
    renderRoutes(routes, "/dashboard/mybuyers");

    const card = await screen.findByRole("article", { name: "Yamaha FZS V3" });
    await user.click(within(card).getByRole("button", { name: /^Release/ }));
    await user.click(
      within(await screen.findByRole("dialog")).getByRole("button", { name: MSG.sellerBooking.release }),
    );

    expect(await screen.findByText(MSG.order.notHeld.paid)).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole("dialog")).not.toBeInTheDocument());
  });

  it("shows the empty text, exactly, instead of an empty list", async () => {
    mockApi({ "GET /api/me/buyers": () => page([]) });
    renderRoutes(routes, "/dashboard/mybuyers");
    expect(await screen.findByText("Your bikes have not sold yet...")).toBeInTheDocument();
    expect(screen.getByText(MSG.sellerBooking.emptyHint)).toBeInTheDocument();
    expect(screen.queryByRole("list", { name: "Bookings of your bikes" })).not.toBeInTheDocument();
  });

  it("says what went wrong when the list cannot load, with Try again", async () => {
    mockApi({
      "GET /api/me/buyers": () => problemReply("auth.forbidden"),
    });
    renderRoutes(routes, "/dashboard/mybuyers");
    expect(await screen.findByText(MSG.auth.forbidden)).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Try again" })).toBeInTheDocument();
  });
});
