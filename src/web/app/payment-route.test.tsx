import { screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { MSG } from "#shared/messages.ts";
import type { Order } from "#shared/schemas/orders.ts";
import { queryKeys } from "#web/lib/query-keys.ts";
import { buildListing } from "#web/test/listings.ts";
import { mockApi, renderRoutes } from "#web/test/render.tsx";
import PaymentRoute from "./payment-route.tsx";

const order = (over: Partial<Order> = {}): Order => ({
  id: "o1",
  bookedAt: "2026-02-03T10:00:00.000Z",
  price: 150000,
  phone: "01712345678",
  meetingLocation: "Dhanmondi 27",
  paid: false,
  paidAt: null,
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

const problem = (status: number, detail: string) => ({
  status,
  body: { type: "about:blank", title: "Error", status, detail },
});

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
    await user.click(screen.getByRole("button", { name: "Pay" }));

    expect(await screen.findByRole("progressbar", { name: "Processing your payment" })).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Pay" })).toBeDisabled();
    release();

    expect(await screen.findByText("pi_test_abc")).toBeInTheDocument();
    expect(screen.getByRole("status")).toHaveTextContent("Payment successful.");
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
    expect(screen.queryByRole("button", { name: "Pay" })).not.toBeInTheDocument();
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it("turns to Paid when the server says the order was paid meanwhile", async () => {
    let current = order();
    mockApi({
      "GET /api/orders/o1": () => ({ body: { order: current } }),
      "POST /api/orders/o1/payment-intent": () => {
        current = order({ paid: true, paidAt: "2026-02-04T10:00:00.000Z" });
        return problem(409, MSG.payment.alreadyPaid);
      },
    });
    renderRoutes(routes, "/dashboard/payment/o1");
    expect(await screen.findByRole("button", { name: "Paid" })).toBeDisabled();
  });

  it.each([
    [404, MSG.order.notFound, "We couldn't find this order"],
    [403, MSG.order.notYours, "This order is not yours to pay"],
  ])("answers a %i with a friendly page and the way back", async (status, detail, title) => {
    mockApi({ "GET /api/orders/o1": () => problem(status, detail) });
    renderRoutes(routes, "/dashboard/payment/o1");
    expect(await screen.findByRole("heading", { name: title })).toBeInTheDocument();
    expect(screen.getByText(detail)).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Back to My orders" })).toHaveAttribute(
      "href",
      "/dashboard/myorders",
    );
  });
});
