import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { MSG } from "#shared/messages.ts";
import { MONEY_MSG } from "#shared/money-messages.ts";
import type { Order } from "#shared/schemas/orders.ts";
import { polyfillDialog } from "#web/test/dialog.ts";
import { buildListing } from "#web/test/listings.ts";
import { problemReply } from "#web/test/problems.ts";
import { mockApi, renderRoutes, withToasts } from "#web/test/render.tsx";
import MyOrdersPage from "./my-orders-page.tsx";

const HOUR = 3_600_000;
/** A hold that ends `ms` from now (a few ms pass before the card renders: the wording rounds up). */
const holdFor = (ms: number) => new Date(Date.now() + ms).toISOString();

const order = (id: string, model: string, over: Partial<Order> = {}): Order => ({
  id,
  status: "held",
  holdUntil: holdFor(47.5 * HOUR),
  endedAt: null,
  receipt: null,
  bookedAt: "2026-02-03T10:00:00.000Z",
  price: 150000,
  phone: "+8801712345678",
  meetingLocation: "Dhanmondi 27",
  paid: false,
  paidAt: null,
  cash: null,
  handover: null,
  sellerPhone: null,
  listing: buildListing({
    id: `l-${id}`,
    postedAt: "2026-01-05T10:00:00.000Z",
    model,
    askingPrice: 160000,
    photo: { src: "/img/a.webp", srcSet: "/img/a.webp 320w", width: 320, height: 240 },
    status: "sold",
  }),
  ...over,
});

const paidOrder = (id: string, model: string) =>
  order(id, model, {
    status: "paid",
    holdUntil: null,
    paid: true,
    paidAt: "2026-02-04T10:00:00.000Z",
    receipt: {
      paymentId: "pi_test_0123abcd",
      amount: 150000,
      paidAt: "2026-02-04T10:00:00.000Z",
      method: "card",
    },
  });

const routes = withToasts([
  { path: "/dashboard/myorders", Component: MyOrdersPage },
  { path: "/dashboard/payment/:orderId", element: <h1>Payment page</h1> },
]);

const onePage = (...items: Order[]) => ({ body: { items, nextCursor: null } });

beforeAll(polyfillDialog);
afterEach(() => vi.unstubAllGlobals());

describe("My orders", () => {
  it("shows each order with what the buyer pays, loads more on request, and links Pay to the order", async () => {
    const pages = [
      { items: [order("o1", "Yamaha FZS")], nextCursor: "c1" },
      { items: [paidOrder("o2", "Bajaj Pulsar")], nextCursor: null },
    ];
    const fetchMock = mockApi({ "GET /api/me/orders": () => ({ body: pages.shift() }) });
    const user = userEvent.setup();
    renderRoutes(routes, "/dashboard/myorders");

    const first = await screen.findByRole("article", { name: /Yamaha FZS/ });
    expect(first).toHaveTextContent("৳1,50,000");
    expect(first).toHaveTextContent("Booked on03-Feb-2026");
    expect(first).toHaveTextContent("05-Jan-2026");
    expect(within(first).getByText("Booked")).toBeInTheDocument();
    expect(within(first).getByText(MSG.booking.heldByYou("48 hours"))).toBeInTheDocument();
    expect(within(first).getByRole("button", { name: "Cancel booking" })).toBeInTheDocument();
    expect(screen.getByRole("img", { name: "Verified seller" })).toBeInTheDocument();

    await user.click(screen.getByRole("button", { name: "Load more" }));
    const second = await screen.findByRole("article", { name: /Bajaj Pulsar/ });
    expect(fetchMock).toHaveBeenLastCalledWith("/api/me/orders?cursor=c1", expect.anything());
    expect(screen.queryByRole("button", { name: "Load more" })).not.toBeInTheDocument();

    // A paid order: its receipt, and nothing left to pay or cancel.
    expect(within(second).getByText(MSG.booking.paid)).toBeInTheDocument();
    const receipt = within(second).getByRole("region", { name: "Receipt" });
    expect(receipt).toHaveTextContent("Payment idpi_test_0123abcd");
    expect(receipt).toHaveTextContent("Amount৳1,50,000");
    expect(receipt).toHaveTextContent("Paid on04-Feb-2026");
    expect(receipt).toHaveTextContent("BikeBajaj Pulsar");
    expect(receipt).toHaveTextContent("SellerKarim Motors");
    expect(within(second).queryByRole("link", { name: /^Pay/ })).not.toBeInTheDocument();
    expect(within(second).queryByRole("button", { name: "Cancel booking" })).not.toBeInTheDocument();

    await user.click(screen.getByRole("link", { name: "Pay for Yamaha FZS" }));
    expect(await screen.findByRole("heading", { name: "Payment page" })).toBeInTheDocument();
  });

  it("says in words why an order ended, offers nothing to pay, and links to the bike", async () => {
    const ended = (id: string, model: string, status: "expired" | "cancelled" | "released") =>
      order(id, model, { status, holdUntil: null, endedAt: "2026-02-05T10:00:00.000Z" });
    mockApi({
      "GET /api/me/orders": () =>
        onePage(
          ended("o1", "Expired Bike", "expired"),
          ended("o2", "Cancelled Bike", "cancelled"),
          ended("o3", "Released Bike", "released"),
        ),
    });
    renderRoutes(routes, "/dashboard/myorders");

    for (const [id, model, badge, sentence] of [
      ["o1", "Expired Bike", "Expired", MSG.booking.expired],
      ["o2", "Cancelled Bike", "Cancelled", MSG.booking.cancelledState],
      ["o3", "Released Bike", "Released", MSG.booking.released],
    ] as const) {
      const card = await screen.findByRole("article", { name: model });
      expect(within(card).getByText(badge)).toBeInTheDocument();
      expect(within(card).getByText(sentence)).toBeInTheDocument();
      expect(card).toHaveTextContent("Ended on 05-Feb-2026");
      expect(within(card).getByRole("link", { name: "See the bike" })).toHaveAttribute(
        "href",
        `/products/productdetails/l-${id}`,
      );
      expect(within(card).queryByRole("link", { name: /^Pay/ })).not.toBeInTheDocument();
      expect(within(card).queryByRole("button", { name: "Cancel booking" })).not.toBeInTheDocument();
    }
  });

  it("counts minutes in the last hour, and says when the time to pay has run out", async () => {
    mockApi({
      "GET /api/me/orders": () =>
        onePage(
          order("o1", "Last Hour Bike", { holdUntil: holdFor(25 * 60_000) }),
          order("o2", "One Hour Bike", { holdUntil: holdFor(HOUR + 60_000) }),
          order("o3", "Late Bike", { holdUntil: holdFor(-60_000) }),
        ),
    });
    renderRoutes(routes, "/dashboard/myorders");

    const lastHour = await screen.findByRole("article", { name: "Last Hour Bike" });
    expect(lastHour).toHaveTextContent(MSG.booking.heldByYou("25 minutes"));
    expect(screen.getByRole("article", { name: "One Hour Bike" })).toHaveTextContent(
      MSG.booking.heldByYou("2 hours"),
    );
    const late = screen.getByRole("article", { name: "Late Bike" });
    expect(late).toHaveTextContent(MSG.booking.timeUp);
    expect(within(late).queryByRole("link", { name: /^Pay/ })).not.toBeInTheDocument();
    expect(within(late).queryByRole("button", { name: "Cancel booking" })).not.toBeInTheDocument();
  });

  it("cancels an unpaid booking only once the buyer confirms, then shows it cancelled", async () => {
    let current = order("o1", "Yamaha FZS");
    const fetchMock = mockApi({
      "GET /api/me/orders": () => onePage(current),
      "POST /api/orders/o1/cancel": () => {
        current = { ...current, status: "cancelled", holdUntil: null, endedAt: new Date().toISOString() };
        return { body: { order: current } };
      },
    });
    const user = userEvent.setup();
    renderRoutes(routes, "/dashboard/myorders");

    const card = await screen.findByRole("article", { name: "Yamaha FZS" });
    await user.click(within(card).getByRole("button", { name: "Cancel booking" }));
    let dialog = await screen.findByRole("dialog", { name: MSG.booking.confirmCancelTitle("Yamaha FZS") });
    expect(dialog).toHaveAccessibleDescription(MSG.booking.confirmCancel);
    // The safe answer has focus, and it keeps the booking.
    expect(within(dialog).getByRole("button", { name: "Keep booking" })).toHaveFocus();
    await user.click(within(dialog).getByRole("button", { name: "Keep booking" }));
    await waitFor(() => expect(screen.queryByRole("dialog")).not.toBeInTheDocument());
    expect(fetchMock).not.toHaveBeenCalledWith("/api/orders/o1/cancel", expect.anything());

    await user.click(within(card).getByRole("button", { name: "Cancel booking" }));
    dialog = await screen.findByRole("dialog");
    await user.click(within(dialog).getByRole("button", { name: "Cancel booking" }));

    expect(await screen.findByText(MSG.booking.cancelled("Yamaha FZS"))).toBeInTheDocument();
    const cancelled = await within(card).findByText(MSG.booking.cancelledState);
    expect(cancelled.closest("[tabindex]")).toHaveFocus();
    expect(within(card).getByText("Cancelled")).toBeInTheDocument();
    expect(within(card).queryByRole("link", { name: /^Pay/ })).not.toBeInTheDocument();
    expect(fetchMock).toHaveBeenCalledWith(
      "/api/orders/o1/cancel",
      expect.objectContaining({ method: "POST" }),
    );
  });

  it("a card payment held until the handover: the buyer confirms it once asked, then reads it handed over", async () => {
    const due = "2026-02-11T10:00:00.000Z";
    let current: Order = {
      ...paidOrder("o1", "Yamaha FZS"),
      handover: { releaseDueAt: due, handedOverAt: null, moneyReleasedAt: null, dispute: null },
    };
    const fetchMock = mockApi({
      "GET /api/me/orders": () => onePage(current),
      "POST /api/orders/o1/handover": () => {
        const now = new Date().toISOString();
        current = {
          ...current,
          handover: { releaseDueAt: due, handedOverAt: now, moneyReleasedAt: now, dispute: null },
        };
        return { body: { order: current } };
      },
    });
    const user = userEvent.setup();
    renderRoutes(routes, "/dashboard/myorders");

    const card = await screen.findByRole("article", { name: "Yamaha FZS" });
    expect(within(card).getByText(MONEY_MSG.handover.buyerHeld("11-Feb-2026"))).toBeInTheDocument();
    expect(within(card).queryByText(MSG.booking.paid)).not.toBeInTheDocument();
    await user.click(within(card).getByRole("button", { name: MONEY_MSG.handover.confirm }));
    const dialog = await screen.findByRole("dialog", { name: MONEY_MSG.handover.confirmTitle("Yamaha FZS") });
    expect(dialog).toHaveAccessibleDescription(MONEY_MSG.handover.confirmBody);
    expect(fetchMock).not.toHaveBeenCalledWith("/api/orders/o1/handover", expect.anything());
    await user.click(within(dialog).getByRole("button", { name: MONEY_MSG.handover.confirm }));

    expect(await screen.findByText(MONEY_MSG.handover.confirmed)).toBeInTheDocument();
    expect(await within(card).findByText(MONEY_MSG.handover.buyerReleased)).toBeInTheDocument();
    expect(within(card).queryByRole("button", { name: MONEY_MSG.handover.confirm })).not.toBeInTheDocument();
    expect(fetchMock).toHaveBeenCalledWith(
      "/api/orders/o1/handover",
      expect.objectContaining({ method: "POST" }),
    );
  });

  it("a problem with the handover: the buyer reports it instead, and later reads the admin's decision", async () => {
    const due = "2026-02-11T10:00:00.000Z";
    const held = { releaseDueAt: due, handedOverAt: null, moneyReleasedAt: null, dispute: null };
    let current: Order = { ...paidOrder("o1", "Yamaha FZS"), handover: held };
    let sent: unknown = null;
    const description = "The seller brought a bike with a different engine number.";
    const fetchMock = mockApi({
      "GET /api/me/orders": () => onePage(current),
      "POST /api/orders/o1/dispute": (init) => {
        sent = JSON.parse(String(init?.body));
        current = {
          ...current,
          handover: {
            ...held,
            dispute: {
              reason: "not_as_described",
              description,
              openedAt: "2026-02-05T10:00:00.000Z",
              decision: null,
              decidedAt: null,
              note: null,
              refundedAt: null,
            },
          },
        };
        return { body: { order: current } };
      },
    });
    const user = userEvent.setup();
    const view = renderRoutes(routes, "/dashboard/myorders");

    const card = await screen.findByRole("article", { name: "Yamaha FZS" });
    await user.click(within(card).getByRole("button", { name: MONEY_MSG.dispute.report }));
    const dialog = await screen.findByRole("dialog", { name: MONEY_MSG.dispute.formTitle("Yamaha FZS") });
    expect(dialog).toHaveAccessibleDescription(MONEY_MSG.dispute.formIntro);
    // The server's rules, before anything is sent.
    await user.click(within(dialog).getByRole("button", { name: MONEY_MSG.dispute.submit }));
    expect(await within(dialog).findByText(MONEY_MSG.dispute.reasonRequired)).toBeInTheDocument();
    expect(within(dialog).getByText(MONEY_MSG.dispute.descriptionTooShort)).toBeInTheDocument();
    expect(fetchMock).not.toHaveBeenCalledWith("/api/orders/o1/dispute", expect.anything());

    await user.click(within(dialog).getByRole("radio", { name: MONEY_MSG.dispute.reasons.not_as_described }));
    await user.type(within(dialog).getByLabelText(MONEY_MSG.dispute.descriptionLabel), description);
    await user.click(within(dialog).getByRole("button", { name: MONEY_MSG.dispute.submit }));
    expect(await screen.findByText(MONEY_MSG.dispute.submitted)).toBeInTheDocument();
    expect(sent).toEqual({ reason: "not_as_described", description });
    expect(await within(card).findByText(MONEY_MSG.dispute.buyerOpen("05-Feb-2026"))).toBeInTheDocument();
    expect(within(card).queryByRole("button", { name: MONEY_MSG.handover.confirm })).not.toBeInTheDocument();
    view.unmount();

    // Decided: the refund and the admin's note.
    current = {
      ...current,
      handover: {
        ...held,
        dispute: {
          ...current.handover!.dispute!,
          decision: "refund",
          decidedAt: "2026-02-06T10:00:00.000Z",
          note: "The papers did not match.",
          refundedAt: null,
        },
      },
    };
    // Decided, the card provider not yet done (an outage): on its way, not "Refunded".
    const pending = renderRoutes(routes, "/dashboard/myorders");
    const waiting = await screen.findByRole("article", { name: "Yamaha FZS" });
    expect(within(waiting).getByText(MONEY_MSG.dispute.buyerRefunding("৳1,50,000"))).toBeInTheDocument();
    expect(within(waiting).queryByText(MONEY_MSG.dispute.buyerRefunded("৳1,50,000"))).not.toBeInTheDocument();
    pending.unmount();

    current = {
      ...current,
      handover: {
        ...current.handover!,
        dispute: { ...current.handover!.dispute!, refundedAt: "2026-02-06T10:01:00.000Z" },
      },
    };
    renderRoutes(routes, "/dashboard/myorders");
    const again = await screen.findByRole("article", { name: "Yamaha FZS" });
    expect(within(again).getByText(MONEY_MSG.dispute.buyerRefunded("৳1,50,000"))).toBeInTheDocument();
    expect(
      within(again).getByText(MONEY_MSG.dispute.adminNote("The papers did not match.")),
    ).toBeInTheDocument();
  });

  it("says why a cancel was refused, and shows the order as it now stands", async () => {
    let current = order("o1", "Yamaha FZS");
    mockApi({
      "GET /api/me/orders": () => onePage(current),
      "POST /api/orders/o1/cancel": () => {
        current = paidOrder("o1", "Yamaha FZS");
        return problemReply("order.notHeld.paid");
      },
    });
    const user = userEvent.setup();
    renderRoutes(routes, "/dashboard/myorders");

    const card = await screen.findByRole("article", { name: "Yamaha FZS" });
    await user.click(within(card).getByRole("button", { name: "Cancel booking" }));
    await user.click(
      within(await screen.findByRole("dialog")).getByRole("button", { name: "Cancel booking" }),
    );

    expect(await screen.findByText(MSG.order.notHeld.paid)).toBeInTheDocument();
    expect(await within(card).findByRole("region", { name: "Receipt" })).toBeInTheDocument();
    expect(screen.queryByRole("dialog")).not.toBeInTheDocument();
  });

  it("says so when there are no orders, with a way to browse", async () => {
    mockApi({ "GET /api/me/orders": () => ({ body: { items: [], nextCursor: null } }) });
    renderRoutes(routes, "/dashboard/myorders");
    expect(await screen.findByRole("heading", { name: "You have no orders yet" })).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Browse bikes" })).toHaveAttribute("href", "/products/all");
  });
});
