import { screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { MSG } from "#shared/messages.ts";
import type { PaymentIntentResponse } from "#shared/schemas/payments.ts";
import { mockApi, renderRoutes } from "#web/test/render.tsx";
import { CardForm } from "./card-form.tsx";

const intent: PaymentIntentResponse = {
  provider: "test",
  intentId: "pi_test_1",
  clientSecret: "pi_test_1_secret_x",
  amount: 15_000_000,
  currency: "BDT",
  status: "requires_payment_method",
  publishableKey: null,
};

const nextYear = String((new Date().getFullYear() + 1) % 100).padStart(2, "0");

function renderForm() {
  const onPaid = vi.fn();
  renderRoutes(
    [{ path: "/", element: <CardForm intent={intent} onPaid={onPaid} onUnsure={vi.fn()} /> }],
    "/",
  );
  return { onPaid, user: userEvent.setup() };
}

async function fill(
  user: ReturnType<typeof userEvent.setup>,
  card: { number?: string; expiry?: string; cvc?: string },
) {
  for (const [label, value] of [
    ["Card number", card.number],
    ["Expiry (MM/YY)", card.expiry],
    ["CVC", card.cvc],
  ] as const) {
    await user.clear(screen.getByLabelText(label));
    if (value) await user.type(screen.getByLabelText(label), value);
  }
  await user.click(screen.getByRole("button", { name: "Pay" }));
}

afterEach(() => vi.unstubAllGlobals());

describe("card form", () => {
  it("labels each input for the browser's card autofill and a numeric keypad", () => {
    mockApi({});
    renderForm();
    for (const [label, autoComplete] of [
      ["Card number", "cc-number"],
      ["Expiry (MM/YY)", "cc-exp"],
      ["CVC", "cc-csc"],
    ]) {
      const input = screen.getByLabelText(label!);
      expect(input).toHaveAttribute("autocomplete", autoComplete);
      expect(input).toHaveAttribute("inputmode", "numeric");
    }
  });

  it("says what is missing and sends nothing", async () => {
    const fetchMock = mockApi({});
    const { user } = renderForm();
    await fill(user, {});
    expect(await screen.findByText(MSG.payment.numberIncomplete)).toBeInTheDocument();
    expect(screen.getByLabelText("Expiry (MM/YY)")).toHaveAccessibleDescription(MSG.payment.expiryIncomplete);
    expect(screen.getByLabelText("CVC")).toHaveAccessibleDescription(MSG.payment.cvcIncomplete);
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it.each([
    [
      "a number failing the Luhn check",
      { number: "4242 4242 4242 4241" },
      "Card number",
      MSG.payment.numberInvalid,
    ],
    ["a short number", { number: "4242" }, "Card number", MSG.payment.numberInvalid],
    ["a past expiry", { expiry: "01/20" }, "Expiry (MM/YY)", MSG.payment.expiryPast],
    ["month 13", { expiry: `13/${nextYear}` }, "Expiry (MM/YY)", MSG.payment.expiryMonthInvalid],
    ["half an expiry", { expiry: "1" }, "Expiry (MM/YY)", MSG.payment.expiryIncomplete],
    ["a two-digit CVC", { cvc: "12" }, "CVC", MSG.payment.cvcLength(3)],
    [
      "an Amex with three CVC digits",
      { number: "3782 822463 10005", cvc: "123" },
      "CVC",
      MSG.payment.cvcLength(4),
    ],
  ])("refuses %s under its field, before any request", async (_what, over, label, message) => {
    const fetchMock = mockApi({});
    const { user } = renderForm();
    await fill(user, { number: "4242 4242 4242 4242", expiry: `12/${nextYear}`, cvc: "123", ...over });
    expect(await screen.findByText(message)).toBeInTheDocument();
    expect(screen.getByLabelText(label)).toHaveAccessibleDescription(message);
    expect(screen.getByLabelText(label)).toHaveAttribute("aria-invalid", "true");
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it("sends the card's digits, month and year to the server with the intent, and reports success", async () => {
    const fetchMock = mockApi({
      "POST /api/payments/confirm": () => ({
        body: { status: "succeeded", paymentId: "pi_test_1", order: {} },
      }),
    });
    const { user, onPaid } = renderForm();
    await fill(user, { number: "4242 4242 4242 4242", expiry: `12 / ${nextYear}`, cvc: "123" });
    await vi.waitFor(() =>
      expect(onPaid).toHaveBeenCalledWith(expect.objectContaining({ paymentId: "pi_test_1" })),
    );
    const [, init] = fetchMock.mock.calls[0]!;
    expect(JSON.parse(String(init?.body))).toEqual({
      intentId: "pi_test_1",
      clientSecret: "pi_test_1_secret_x",
      card: { number: "4242424242424242", expMonth: 12, expYear: Number(nextYear), cvc: "123" },
    });
  });

  it("shows a declined card in red with the provider's words, and lets the buyer try again", async () => {
    mockApi({
      "POST /api/payments/confirm": () => ({
        status: 402,
        body: {
          type: "about:blank",
          title: "Payment Required",
          status: 402,
          detail: MSG.payment.insufficientFunds,
        },
      }),
    });
    const { user, onPaid } = renderForm();
    await fill(user, { number: "4000 0000 0000 9995", expiry: `12/${nextYear}`, cvc: "123" });
    const alert = await screen.findByRole("alert");
    expect(alert).toHaveTextContent(MSG.payment.insufficientFunds);
    expect(alert).toHaveClass("text-error");
    expect(screen.getByRole("button", { name: "Pay" })).toBeEnabled();
    expect(onPaid).not.toHaveBeenCalled();
  });

  it("puts the server's field messages under the fields they concern", async () => {
    mockApi({
      "POST /api/payments/confirm": () => ({
        status: 400,
        body: {
          type: "about:blank",
          title: "Bad Request",
          status: 400,
          detail: MSG.payment.expiryMonthInvalid,
          errors: { "card.expMonth": MSG.payment.expiryMonthInvalid },
        },
      }),
    });
    const { user } = renderForm();
    await fill(user, { number: "4242 4242 4242 4242", expiry: `12/${nextYear}`, cvc: "123" });
    expect(await screen.findByText(MSG.payment.expiryMonthInvalid)).toBeInTheDocument();
    expect(screen.getByLabelText("Expiry (MM/YY)")).toHaveAccessibleDescription(
      MSG.payment.expiryMonthInvalid,
    );
  });
});
