import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { MSG } from "#shared/messages.ts";
import type { CashDisputeItem, Order, SellerBooking } from "#shared/schemas/orders.ts";
import { TALK_MSG } from "#shared/talk-messages.ts";
import { polyfillDialog } from "#web/test/dialog.ts";
import { buildListing } from "#web/test/listings.ts";
import { problemReply } from "#web/test/problems.ts";
import { buyer, mockApi, renderRoutes, withToasts } from "#web/test/render.tsx";
import CashDisputesPage from "./cash-disputes-page.tsx";
import MyBuyersPage from "./my-buyers-page.tsx";
import MyOrdersPage from "./my-orders-page.tsx";

const { photo } = buildListing();
const seller = { ...buyer, id: "u-seller", name: "Karim Seller", role: "seller" as const };

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

const order = (over: Partial<Order> = {}): Order => ({
  id: "o-1",
  status: "held",
  holdUntil: null,
  endedAt: null,
  receipt: null,
  bookedAt: "2026-02-03T10:00:00.000Z",
  price: 185_000,
  phone: "+8801712345678",
  meetingLocation: "Dhanmondi 27",
  paid: false,
  paidAt: null,
  cash: { markedAt: "2026-02-04T10:00:00.000Z", disputedAt: null },
  handover: null,
  sellerPhone: "+8801812345678",
  listing: buildListing({ id: "bike-1", model: "Yamaha FZS V3", status: "sold" }),
  ...over,
});

const page = <T,>(items: T[]) => ({ body: { items, nextCursor: null } });

beforeAll(polyfillDialog);
afterEach(() => vi.unstubAllGlobals());

describe("cash at the meeting, the seller's side", () => {
  const routes = withToasts([{ path: "/dashboard/mybuyers", Component: MyBuyersPage }]);

  it("marks a held booking paid in cash after asking; the booking then waits for the buyer", async () => {
    let marked = false;
    const fetchMock = mockApi({
      "GET /api/auth/me": () => ({ body: { user: { ...seller, phone: "+8801812345678" } } }),
      "GET /api/me/buyers": () =>
        page([
          booking(
            marked
              ? { holdUntil: null, cash: { markedAt: "2026-11-25T08:30:00.000Z", disputedAt: null } }
              : {},
          ),
        ]),
      "POST /api/orders/o-1/cash": () => {
        marked = true;
        return { status: 204 };
      },
    });
    const user = userEvent.setup();
    renderRoutes(routes, "/dashboard/mybuyers");

    const card = await screen.findByRole("article", { name: "Yamaha FZS V3" });
    await user.click(
      within(card).getByRole("button", { name: TALK_MSG.cash.markLabel("Nadia Islam", "Yamaha FZS V3") }),
    );
    const dialog = await screen.findByRole("dialog", {
      name: TALK_MSG.cash.confirmMarkTitle("Yamaha FZS V3"),
    });
    expect(dialog).toHaveTextContent(TALK_MSG.cash.confirmMark("Nadia Islam", "৳1,85,000"));
    expect(within(dialog).getByRole("button", { name: "Cancel" })).toHaveFocus();
    await user.click(within(dialog).getByRole("button", { name: TALK_MSG.cash.mark }));

    expect(await screen.findByText(TALK_MSG.cash.marked)).toBeInTheDocument();
    expect(fetchMock).toHaveBeenCalledWith(
      "/api/orders/o-1/cash",
      expect.objectContaining({ method: "POST" }),
    );
    expect(await within(card).findByText(TALK_MSG.cash.waitingForBuyer)).toBeInTheDocument();
    await waitFor(() =>
      expect(within(card).queryByRole("button", { name: /as paid in cash/ })).not.toBeInTheDocument(),
    );
    // This seller has given a phone: nothing asks for it.
    expect(screen.queryByText(TALK_MSG.sellerPhone.askForIt)).not.toBeInTheDocument();
  });

  it("says a refusal, shows disputed and cash-paid bookings, and asks a seller without a phone for one", async () => {
    mockApi({
      "GET /api/auth/me": () => ({ body: { user: seller } }),
      "GET /api/me/buyers": () =>
        page([
          booking(),
          booking({
            id: "o-2",
            listing: { id: "bike-2", model: "Disputed Bike", photo },
            cash: { markedAt: "2026-11-25T08:30:00.000Z", disputedAt: "2026-11-25T09:30:00.000Z" },
          }),
          booking({
            id: "o-3",
            status: "paid",
            holdUntil: null,
            paidAt: "2026-11-25T10:00:00.000Z",
            paidWith: "cash",
            listing: { id: "bike-3", model: "Cash Bike", photo },
          }),
        ]),
      "POST /api/orders/o-1/cash": () => problemReply("order.notHeld.released"),
    });
    const user = userEvent.setup();
    renderRoutes(routes, "/dashboard/mybuyers");

    const notice = await screen.findByText(TALK_MSG.sellerPhone.askForIt);
    expect(
      within(notice.closest("div")!).getByRole("link", { name: TALK_MSG.sellerPhone.addIt }),
    ).toHaveAttribute("href", "/dashboard/profile");
    const disputed = screen.getByRole("article", { name: "Disputed Bike" });
    expect(within(disputed).getByText(TALK_MSG.cash.disputedForSeller)).toBeInTheDocument();
    expect(within(disputed).queryByRole("button", { name: /as paid in cash/ })).not.toBeInTheDocument();
    const cash = screen.getByRole("article", { name: "Cash Bike" });
    expect(within(cash).getByText(TALK_MSG.cash.paidForSeller)).toBeInTheDocument();

    const card = screen.getByRole("article", { name: "Yamaha FZS V3" });
    await user.click(within(card).getByRole("button", { name: /as paid in cash/ }));
    await user.click(
      within(await screen.findByRole("dialog")).getByRole("button", { name: TALK_MSG.cash.mark }),
    );
    expect(await screen.findByText(MSG.order.notHeld.released)).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole("dialog")).not.toBeInTheDocument());
  });
});

describe("cash at the meeting, the buyer's side", () => {
  const routes = withToasts([
    { path: "/dashboard/myorders", Component: MyOrdersPage },
    { path: "/dashboard/payment/:orderId", element: <h1>Payment page</h1> },
  ]);

  it("confirms: Yes, I paid; the order then shows its cash receipt, and the seller's phone to call", async () => {
    let current = order();
    const fetchMock = mockApi({
      "GET /api/me/orders": () => page([current]),
      "POST /api/orders/o-1/cash/confirm": () => {
        current = order({
          status: "paid",
          paid: true,
          paidAt: "2026-02-05T10:00:00.000Z",
          receipt: {
            paymentId: "cash:o-1",
            amount: 185_000,
            paidAt: "2026-02-05T10:00:00.000Z",
            method: "cash",
          },
        });
        return { body: { order: current } };
      },
    });
    const user = userEvent.setup();
    renderRoutes(routes, "/dashboard/myorders");

    expect(await screen.findByText(TALK_MSG.cash.buyerNotice("৳1,85,000"))).toBeInTheDocument();
    // No card while the seller's mark waits: no Pay link, no Cancel.
    expect(screen.queryByRole("link", { name: /^Pay for/ })).not.toBeInTheDocument();
    expect(screen.getByRole("link", { name: "01812-345678" })).toHaveAttribute("href", "tel:+8801812345678");

    await user.click(screen.getByRole("button", { name: TALK_MSG.cash.yes }));
    expect(await screen.findByText(TALK_MSG.cash.confirmed)).toBeInTheDocument();
    expect(fetchMock).toHaveBeenCalledWith(
      "/api/orders/o-1/cash/confirm",
      expect.objectContaining({ method: "POST" }),
    );
    const receipt = await screen.findByRole("region", { name: "Receipt" });
    expect(receipt).toHaveTextContent(TALK_MSG.cash.receiptMethod);
    expect(receipt).toHaveTextContent(TALK_MSG.cash.cashMethod);
    expect(receipt).toHaveTextContent("cash:o-1");
  });

  it("disputes: No, I didn't, with a reason; then the usual Pay, and a seller without a phone says so", async () => {
    let current = order({ sellerPhone: null });
    const sent: unknown[] = [];
    mockApi({
      "GET /api/me/orders": () => page([current]),
      "POST /api/orders/o-1/cash/dispute": (init) => {
        sent.push(JSON.parse(String(init?.body)));
        current = order({
          sellerPhone: null,
          holdUntil: new Date(Date.now() + 47 * 3_600_000).toISOString(),
          cash: { markedAt: "2026-02-04T10:00:00.000Z", disputedAt: "2026-02-04T11:00:00.000Z" },
        });
        return { body: { order: current } };
      },
    });
    const user = userEvent.setup();
    renderRoutes(routes, "/dashboard/myorders");

    expect(await screen.findByText(TALK_MSG.sellerPhone.notGiven)).toBeInTheDocument();
    await user.click(screen.getByRole("button", { name: TALK_MSG.cash.no }));
    const dialog = await screen.findByRole("dialog", { name: TALK_MSG.cash.disputeTitle });
    expect(dialog).toHaveTextContent(TALK_MSG.cash.disputeIntro);
    await user.type(within(dialog).getByLabelText(TALK_MSG.cash.reasonLabel), "We have not met yet");
    await user.click(within(dialog).getByRole("button", { name: TALK_MSG.cash.disputeSubmit }));

    expect(await screen.findByText(TALK_MSG.cash.disputed)).toBeInTheDocument();
    expect(sent).toEqual([{ reason: "We have not met yet" }]);
    expect(await screen.findByText(TALK_MSG.cash.disputedForBuyer)).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Pay for Yamaha FZS V3" })).toBeInTheDocument();
    expect(screen.queryByRole("button", { name: TALK_MSG.cash.yes })).not.toBeInTheDocument();
  });

  it("keeps a reason over 500 characters in the dialog, under its field", async () => {
    const fetchMock = mockApi({ "GET /api/me/orders": () => page([order()]) });
    const user = userEvent.setup();
    renderRoutes(routes, "/dashboard/myorders");

    await user.click(await screen.findByRole("button", { name: TALK_MSG.cash.no }));
    const dialog = await screen.findByRole("dialog", { name: TALK_MSG.cash.disputeTitle });
    const reason = within(dialog).getByLabelText(TALK_MSG.cash.reasonLabel);
    await user.click(reason);
    await user.paste("x".repeat(501));
    await user.click(within(dialog).getByRole("button", { name: TALK_MSG.cash.disputeSubmit }));
    expect(await within(dialog).findByText(TALK_MSG.cash.reasonTooLong)).toBeInTheDocument();
    expect(reason).toHaveAttribute("aria-invalid", "true");
    expect(fetchMock).not.toHaveBeenCalledWith("/api/orders/o-1/cash/dispute", expect.anything());
  });
});

describe("cash disputes, the admins' page", () => {
  const routes = withToasts([{ path: "/dashboard/cashdisputes", Component: CashDisputesPage }]);
  const dispute: CashDisputeItem = {
    orderId: "o-1",
    listing: { id: "bike-1", model: "Yamaha FZS V3" },
    price: 185_000,
    buyer: { id: "b-1", name: "Nadia Islam", email: "nadia@motohaat.test" },
    seller: { id: "s-1", name: "Karim Seller", email: null },
    markedAt: "2026-11-24T08:30:00.000Z",
    disputedAt: "2026-11-24T09:30:00.000Z",
    reason: "I paid by bKash, not cash",
    holdUntil: "2026-11-26T09:30:00.000Z",
  };

  it("lists open disputes and decides one paid in cash after asking; the list then empties", async () => {
    let decided = false;
    const sent: unknown[] = [];
    mockApi({
      "GET /api/admin/cash-disputes": () => page(decided ? [] : [dispute]),
      "POST /api/admin/cash-disputes/o-1/resolve": (init) => {
        sent.push(JSON.parse(String(init?.body)));
        decided = true;
        return { status: 204 };
      },
    });
    const user = userEvent.setup();
    renderRoutes(routes, "/dashboard/cashdisputes");

    const card = await screen.findByRole("article", { name: "Yamaha FZS V3" });
    expect(card).toHaveTextContent("৳1,85,000");
    expect(within(card).getByRole("link", { name: "nadia@motohaat.test" })).toHaveAttribute(
      "href",
      "mailto:nadia@motohaat.test",
    );
    expect(card).toHaveTextContent("Karim Seller");
    expect(card).toHaveTextContent("I paid by bKash, not cash");
    await user.click(
      within(card).getByRole("button", { name: TALK_MSG.cash.resolvePaidLabel("Yamaha FZS V3") }),
    );
    const dialog = await screen.findByRole("dialog", {
      name: TALK_MSG.cash.confirmResolvePaidTitle("Yamaha FZS V3"),
    });
    expect(dialog).toHaveTextContent(TALK_MSG.cash.confirmResolvePaid);
    await user.click(within(dialog).getByRole("button", { name: TALK_MSG.cash.resolvePaid }));

    expect(await screen.findByText(TALK_MSG.cash.resolvedPaid)).toBeInTheDocument();
    expect(sent).toEqual([{ decision: "paid" }]);
    expect(await screen.findByText(TALK_MSG.cash.noDisputes)).toBeInTheDocument();
    expect(screen.getByText(TALK_MSG.cash.noDisputesHint)).toBeInTheDocument();
  });
});
