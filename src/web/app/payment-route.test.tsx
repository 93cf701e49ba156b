import { screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { MSG } from "#shared/messages.ts";
import type { Order } from "#shared/schemas/orders.ts";
import { queryKeys } from "#web/lib/query-keys.ts";
import { buildListing } from "#web/test/listings.ts";
import { problemReply } from "#web/test/problems.ts";
import { mockApi, renderRoutes } from "#web/test/render.tsx";
import PaymentRoute from "./payment-route.tsx";

const order = (over: Partial<Order> = {}): Order => ({
  id: "o1",
  status: "held",
  holdUntil: new Date(Date.now() + 47 * 3_600_000).toISOString(),
  endedAt: null,
  receipt: null,
  bookedAt: "2026-02-03T10:00:00.000Z",
  price: 150000,
  phone: "01712345678",
  meetingLocation: "Dhanmondi 27",
  paid: false,
  paidAt: null,
  cash: null,
  handover: null,
  sellerPhone: null,
  listing: buildListing({ model: "Yamaha FZS", status: "sold" }),
  ...over,
});

const intent = {
  provider: "test",
  intentId: "pi_test_abc",
  clientSecret: "pi_test_abc_secret_x",
  amount: 15_000_000,
  currency: "BDT",
  status: "requires_payment_method",
  publishableKey: null,
};

const routes = [{ path: "/dashboard/payment/:orderId", Component: PaymentRoute }];
const nextYear = String((new Date().getFullYear() + 1) % 100);

afterEach(() => vi.unstubAllGlobals());

describe("payment page", () => {
  it("loads the order, pays with a progress bar, then shows the payment id and Paid", async () => {
    let release: () => void = () => {};
    const paid = order({ paid: true, paidAt: "2026-02-04T10:00:00.000Z" });
    let current = order();
    mockApi({
      "GET /api/orders/o1": () => ({ body: { order: current } }),
      "POST /api/orders/o1/payment-intent": () => ({ body: intent }),
      "POST /api/payments/confirm": async () => {
        await new Promise<void>((resolve) => {
          release = resolve;
        });
        current = paid;
        return { body: { status: "succeeded", paymentId: "pi_test_abc", order: paid } };
      },
    });
    const user = userEvent.setup();
    const { queryClient } = renderRoutes(routes, "/dashboard/payment/o1");
    // My orders, as cached from the buyer's earlier visit.
    queryClient.setQueryData(queryKeys.orders.mine, {
      pages: [{ items: [current], nextCursor: null }],
      pageParams: [null],
    });

    expect(screen.getByRole("status", { name: "Loading your order" })).toBeInTheDocument();
    const summary = await screen.findByRole("article", { name: "Your order" });
    expect(summary).toHaveTextContent("Yamaha FZS");
    expect(summary).toHaveTextContent("Yamaha");
    expect(summary).toHaveTextContent("৳1,50,000");

    await user.type(await screen.findByLabelText("Card number"), "4242 4242 4242 4242");
    await user.type(screen.getByLabelText("Expiry (MM/YY)"), `12/${nextYear}`);
    await user.type(screen.getByLabelText("CVC"), "123");
    await user.click(screen.getByRole("button", { name: "Pay ৳1,50,000" }));

    expect(await screen.findByRole("progressbar", { name: "Processing your payment" })).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Pay ৳1,50,000" })).toBeDisabled();
    release();

    expect(await screen.findByText("pi_test_abc")).toBeInTheDocument();
    expect(screen.getByRole("status")).toHaveTextContent("Payment successful.");
    // The Pay button that had focus is gone: focus goes to the answer, and a screen reader reads it.
    await waitFor(() => expect(screen.getByRole("status")).toHaveFocus());
    expect(screen.getByRole("button", { name: "Paid" })).toBeDisabled();
    expect(screen.queryByRole("progressbar")).not.toBeInTheDocument();
    expect(screen.queryByLabelText("Card number")).not.toBeInTheDocument();
    // So My orders refetches and shows Paid next time it is on screen, without a reload.
    expect(queryClient.getQueryState(queryKeys.orders.mine)?.isInvalidated).toBe(true);
  });

  it("shows Paid, disabled, for an order already paid, without starting a payment", async () => {
    const fetchMock = mockApi({
      "GET /api/orders/o1": () => ({
        body: { order: order({ paid: true, paidAt: "2026-02-04T10:00:00.000Z" }) },
      }),
    });
    renderRoutes(routes, "/dashboard/payment/o1");
    expect(await screen.findByRole("button", { name: "Paid" })).toBeDisabled();
    expect(screen.getByRole("status")).toHaveTextContent("This order is paid. Paid on 04-Feb-2026.");
    expect(screen.queryByRole("button", { name: "Pay ৳1,50,000" })).not.toBeInTheDocument();
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it("turns to Paid when the server says the order was paid meanwhile", async () => {
    let current = order();
    mockApi({
      "GET /api/orders/o1": () => ({ body: { order: current } }),
      "POST /api/orders/o1/payment-intent": () => {
        current = order({ paid: true, paidAt: "2026-02-04T10:00:00.000Z" });
        // Known by its code, whatever the server's words.
        return problemReply("payment.alreadyPaid", { detail: "Paid already." });
      },
    });
    renderRoutes(routes, "/dashboard/payment/o1");
    expect(await screen.findByRole("button", { name: "Paid" })).toBeDisabled();
  });

  it("shows the receipt of a paid order: payment id, amount in taka, date, bike and seller", async () => {
    const fetchMock = mockApi({
      "GET /api/orders/o1": () => ({
        body: {
          order: order({
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
          }),
        },
      }),
    });
    renderRoutes(routes, "/dashboard/payment/o1");

    const receipt = await screen.findByRole("region", { name: "Receipt" });
    expect(receipt).toHaveTextContent("Payment idpi_test_0123abcd");
    expect(receipt).toHaveTextContent("Amount৳1,50,000");
    expect(receipt).toHaveTextContent("Paid on04-Feb-2026");
    expect(receipt).toHaveTextContent("BikeYamaha FZS");
    expect(receipt).toHaveTextContent("SellerKarim Motors");
    expect(screen.getByRole("status")).toHaveTextContent("This order is paid.");
    expect(screen.getByRole("article", { name: "Your order" })).toHaveTextContent("Paid ৳1,50,000");
    expect(screen.queryByLabelText("Card number")).not.toBeInTheDocument();
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it("says how long the buyer has to pay", async () => {
    mockApi({
      "GET /api/orders/o1": () => ({
        body: { order: order({ holdUntil: new Date(Date.now() + 90 * 60_000).toISOString() }) },
      }),
      "POST /api/orders/o1/payment-intent": () => ({ body: intent }),
    });
    renderRoutes(routes, "/dashboard/payment/o1");
    expect(await screen.findByRole("article", { name: "Your order" })).toHaveTextContent(
      MSG.booking.heldByYou("2 hours"),
    );
  });

  it.each([
    ["expired", MSG.booking.expired],
    ["cancelled", MSG.booking.cancelledState],
    ["released", MSG.booking.released],
  ] as const)("offers nothing to pay for a booking that %s, and says why", async (status, reason) => {
    const fetchMock = mockApi({
      "GET /api/orders/o1": () => ({
        body: { order: order({ status, holdUntil: null, endedAt: "2026-02-05T10:00:00.000Z" }) },
      }),
    });
    renderRoutes(routes, "/dashboard/payment/o1");

    const ended = (await screen.findByText(MSG.booking.nothingToPay)).closest("[role=status]");
    expect(ended).toHaveTextContent(reason);
    expect(screen.getByRole("link", { name: "Back to My orders" })).toHaveAttribute(
      "href",
      "/dashboard/myorders",
    );
    expect(screen.getByRole("link", { name: "See the bike" })).toHaveAttribute(
      "href",
      "/products/productdetails/l-1",
    );
    expect(screen.queryByLabelText("Card number")).not.toBeInTheDocument();
    expect(screen.queryByRole("button", { name: /^Pay/ })).not.toBeInTheDocument();
    // No payment was even started.
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it("offers nothing to pay once the hold's time has passed, before the server has ended it", async () => {
    const fetchMock = mockApi({
      "GET /api/orders/o1": () => ({
        body: { order: order({ holdUntil: new Date(Date.now() - 1000).toISOString() }) },
      }),
    });
    renderRoutes(routes, "/dashboard/payment/o1");
    expect((await screen.findByText(MSG.booking.timeUp)).closest("[role=status]")).toHaveTextContent(
      MSG.booking.nothingToPay,
    );
    expect(screen.queryByLabelText("Card number")).not.toBeInTheDocument();
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it("turns to 'nothing to pay' when the server refuses the payment because the hold ended (409)", async () => {
    let current = order();
    const fetchMock = mockApi({
      "GET /api/orders/o1": () => ({ body: { order: current } }),
      "POST /api/orders/o1/payment-intent": () => {
        current = order({ status: "expired", holdUntil: null, endedAt: new Date().toISOString() });
        return problemReply("payment.notHeld.expired", { detail: "Too late to pay for this one." });
      },
    });
    renderRoutes(routes, "/dashboard/payment/o1");

    expect(await screen.findByText(MSG.booking.expired)).toBeInTheDocument();
    expect(screen.getByRole("status")).toHaveTextContent(MSG.booking.nothingToPay);
    expect(screen.queryByLabelText("Card number")).not.toBeInTheDocument();
    // The order was read again after the refusal.
    expect(fetchMock.mock.calls.filter(([url]) => url === "/api/orders/o1")).toHaveLength(2);
  });

  it("says a payment that arrived after the bike went to someone else is being refunded, and offers nothing to pay", async () => {
    let current = order();
    mockApi({
      "GET /api/orders/o1": () => ({ body: { order: current } }),
      "POST /api/orders/o1/payment-intent": () => {
        current = order({ status: "expired", holdUntil: null, endedAt: new Date().toISOString() });
        return problemReply("payment.lateRefunded");
      },
    });
    renderRoutes(routes, "/dashboard/payment/o1");

    expect(await screen.findByText(MSG.payment.lateRefunded)).toBeInTheDocument();
    expect(screen.queryByLabelText("Card number")).not.toBeInTheDocument();
    expect(screen.queryByRole("button", { name: /try again/i })).not.toBeInTheDocument();
  });

  it("turns to 'nothing to pay' when the hold ends while the buyer fills in the card (409 on confirm)", async () => {
    let current = order();
    mockApi({
      "GET /api/orders/o1": () => ({ body: { order: current } }),
      "POST /api/orders/o1/payment-intent": () => ({ body: intent }),
      "POST /api/payments/confirm": () => {
        current = order({ status: "expired", holdUntil: null, endedAt: new Date().toISOString() });
        return problemReply("payment.notHeld.expired");
      },
    });
    const user = userEvent.setup();
    renderRoutes(routes, "/dashboard/payment/o1");

    await user.type(await screen.findByLabelText("Card number"), "4242 4242 4242 4242");
    await user.type(screen.getByLabelText("Expiry (MM/YY)"), `12/${nextYear}`);
    await user.type(screen.getByLabelText("CVC"), "123");
    await user.click(screen.getByRole("button", { name: /^Pay/ }));

    expect(await screen.findByText(MSG.booking.expired)).toBeInTheDocument();
    expect(screen.getByText(MSG.booking.nothingToPay)).toBeInTheDocument();
    expect(screen.queryByLabelText("Card number")).not.toBeInTheDocument();
  });

  it.each([
    [404, "order.notFound", MSG.order.notFound, "We couldn't find this order"],
    [403, "order.notYours", MSG.order.notYours, "This order is not yours to pay"],
  ] as const)("answers a %i with a friendly page and the way back", async (_status, code, detail, title) => {
    mockApi({ "GET /api/orders/o1": () => problemReply(code) });
    renderRoutes(routes, "/dashboard/payment/o1");
    expect(await screen.findByRole("heading", { name: title })).toBeInTheDocument();
    expect(screen.getByText(detail)).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Back to My orders" })).toHaveAttribute(
      "href",
      "/dashboard/myorders",
    );
  });
});
