import { act, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { MSG } from "#shared/messages.ts";
import type { Order } from "#shared/schemas/orders.ts";
import { reportReachable } from "#web/lib/connectivity.ts";
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

afterEach(() => {
  vi.unstubAllGlobals();
  act(() => reportReachable());
});

/**
 * The order and its intent as the server keeps them; `net.down` makes every call fail without an
 * answer, and `chargeOnConfirm` says whether a confirmation that was lost on its way back had
 * reached the server (and charged the card) first.
 */
function payingApi({ chargeOnConfirm }: { chargeOnConfirm: boolean }) {
  const net = { down: false };
  let current = order();
  const reachable =
    <T,>(answer: () => T) =>
    () => {
      if (net.down) throw new TypeError("Failed to fetch");
      return answer();
    };
  const fetchMock = mockApi({
    "GET /api/orders/o1": reachable(() => ({ body: { order: current } })),
    "POST /api/orders/o1/payment-intent": reachable(() => ({ body: intent })),
    "POST /api/payments/confirm": () => {
      if (chargeOnConfirm) current = order({ paid: true, paidAt: "2026-02-04T10:00:00.000Z" });
      net.down = true;
      throw new TypeError("Failed to fetch");
    },
  });
  return { net, fetchMock };
}

async function pay(user: ReturnType<typeof userEvent.setup>) {
  await user.type(await screen.findByLabelText("Card number"), "4242 4242 4242 4242");
  await user.type(screen.getByLabelText("Expiry (MM/YY)"), `12/${nextYear}`);
  await user.type(screen.getByLabelText("CVC"), "123");
  await user.click(screen.getByRole("button", { name: "Pay ৳1,50,000" }));
}

describe("a payment whose confirmation gets no answer", () => {
  it("says the card may have been charged, hides the form, and once the API is back shows it paid", async () => {
    const { net } = payingApi({ chargeOnConfirm: true });
    const user = userEvent.setup();
    renderRoutes(routes, "/dashboard/payment/o1");
    await pay(user);

    expect(await screen.findByText(MSG.payment.unconfirmed)).toBeInTheDocument();
    expect(screen.queryByLabelText("Card number")).not.toBeInTheDocument();
    expect(screen.getByRole("link", { name: "My orders" })).toHaveAttribute("href", "/dashboard/myorders");

    net.down = false;
    // Any answer from the API (here: the banner's health check) means it is back: the page checks.
    act(() => reportReachable());
    expect(await screen.findByRole("button", { name: "Paid" })).toBeDisabled();
    expect(screen.getByText(/This order is paid\./)).toBeInTheDocument();
    expect(screen.queryByText(MSG.payment.unconfirmed)).not.toBeInTheDocument();
  });

  it("says the card was not charged when the order is still unpaid, and gives the form back", async () => {
    const { net } = payingApi({ chargeOnConfirm: false });
    const user = userEvent.setup();
    renderRoutes(routes, "/dashboard/payment/o1");
    await pay(user);

    expect(await screen.findByText(MSG.payment.unconfirmed)).toBeInTheDocument();
    // Still down: checking by hand says the same, and the button is usable again.
    await user.click(screen.getByRole("button", { name: "Check again" }));
    await vi.waitFor(() => expect(screen.getByRole("button", { name: "Check again" })).toBeEnabled());
    expect(screen.getByText(MSG.payment.unconfirmed)).toBeInTheDocument();

    net.down = false;
    await user.click(screen.getByRole("button", { name: "Check again" }));
    expect(await screen.findByText(MSG.payment.notCharged)).toBeInTheDocument();
    expect(screen.getByLabelText("Card number")).toBeEnabled();
    expect(screen.getByRole("button", { name: "Pay ৳1,50,000" })).toBeEnabled();
  });

  it("is not what the server's own 503 says: the provider was down, nothing charged, the form stays", async () => {
    mockApi({
      "GET /api/orders/o1": () => ({ body: { order: order() } }),
      "POST /api/orders/o1/payment-intent": () => ({ body: intent }),
      "POST /api/payments/confirm": () => problemReply("payment.providerUnavailable"),
    });
    const user = userEvent.setup();
    renderRoutes(routes, "/dashboard/payment/o1");
    await pay(user);
    expect(await screen.findByText(MSG.payment.providerUnavailable)).toBeInTheDocument();
    expect(screen.queryByText(MSG.payment.unconfirmed)).not.toBeInTheDocument();
    expect(screen.getByLabelText("Card number")).toBeInTheDocument();
  });
});
