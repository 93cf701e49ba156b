import { screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { MSG } from "#shared/messages.ts";
import type { PaymentIntentResponse } from "#shared/schemas/payments.ts";
import { problemAnswer, problemReply } from "#web/test/problems.ts";
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

/** The intent's 15,000,000 poisha, named on the button in taka. */
const PAY = "Pay ৳1,50,000";

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
  await user.click(screen.getByRole("button", { name: PAY }));
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
      "POST /api/payments/confirm": () =>
        problemReply("payment.cardRefused", { detail: MSG.payment.insufficientFunds }),
    });
    const { user, onPaid } = renderForm();
    await fill(user, { number: "4000 0000 0000 9995", expiry: `12/${nextYear}`, cvc: "123" });
    const alert = await screen.findByRole("alert");
    expect(alert).toHaveTextContent(MSG.payment.insufficientFunds);
    expect(alert).toHaveClass("text-error");
    expect(screen.getByRole("button", { name: PAY })).toBeEnabled();
    expect(onPaid).not.toHaveBeenCalled();
  });

  it("puts the server's field messages under the fields they concern", async () => {
    mockApi({
      "POST /api/payments/confirm": () =>
        problemAnswer(400, MSG.payment.expiryMonthInvalid, {
          "card.expMonth": MSG.payment.expiryMonthInvalid,
        }),
    });
    const { user } = renderForm();
    await fill(user, { number: "4242 4242 4242 4242", expiry: `12/${nextYear}`, cvc: "123" });
    expect(await screen.findByText(MSG.payment.expiryMonthInvalid)).toBeInTheDocument();
    expect(screen.getByLabelText("Expiry (MM/YY)")).toHaveAccessibleDescription(
      MSG.payment.expiryMonthInvalid,
    );
  });

  it("names the amount on the Pay button, in taka with the sign and South-Asian grouping", () => {
    mockApi({});
    renderForm();
    expect(screen.getByRole("button", { name: MSG.payment.payAmount("৳1,50,000") })).toHaveTextContent(
      "Pay ৳1,50,000",
    );
  });

  it("focuses the field the server named after a 400, and clears its message once the buyer edits it", async () => {
    mockApi({
      "POST /api/payments/confirm": () =>
        problemAnswer(400, MSG.payment.cvcIncomplete, {
          "card.cvc": MSG.payment.cvcIncomplete,
          "card.expMonth": MSG.payment.expiryMonthInvalid,
        }),
    });
    const { user } = renderForm();
    await fill(user, { number: "4242 4242 4242 4242", expiry: `12/${nextYear}`, cvc: "123" });
    const expiry = screen.getByLabelText("Expiry (MM/YY)");
    // The first of the two in the form's order, once the form is no longer disabled by the request.
    await vi.waitFor(() => expect(expiry).toHaveFocus());
    expect(expiry).toHaveAccessibleDescription(MSG.payment.expiryMonthInvalid);
    expect(screen.getByLabelText("CVC")).toHaveAccessibleDescription(MSG.payment.cvcIncomplete);

    await user.clear(expiry);
    await user.type(expiry, `11/${nextYear}`);
    expect(expiry).not.toHaveAccessibleDescription(MSG.payment.expiryMonthInvalid);
    expect(expiry).toHaveAttribute("aria-invalid", "false");
    // The other field keeps its answer until the buyer changes it too.
    expect(screen.getByLabelText("CVC")).toHaveAccessibleDescription(MSG.payment.cvcIncomplete);
  });

  it("focuses the first invalid field when the browser's own check fails, and revalidates it as it is corrected", async () => {
    mockApi({});
    const { user } = renderForm();
    await fill(user, { expiry: `12/${nextYear}` });
    const number = screen.getByLabelText("Card number");
    expect(number).toHaveFocus();
    expect(number).toHaveAccessibleDescription(MSG.payment.numberIncomplete);
    await user.type(number, "4242424242424242");
    expect(number).toHaveAttribute("aria-invalid", "false");
    expect(screen.queryByText(MSG.payment.numberIncomplete)).not.toBeInTheDocument();
    expect(screen.getByLabelText("CVC")).toHaveAccessibleDescription(MSG.payment.cvcIncomplete);
  });
});

describe("card number as typed", () => {
  const numberInput = () => screen.getByLabelText<HTMLInputElement>("Card number");

  it("groups the digits in fours as they are typed, dropping anything else", async () => {
    mockApi({});
    const { user } = renderForm();
    await user.type(numberInput(), "4242");
    expect(numberInput()).toHaveValue("4242");
    await user.type(numberInput(), "4");
    expect(numberInput()).toHaveValue("4242 4");
    await user.type(numberInput(), "24a2-4242 4242");
    expect(numberInput()).toHaveValue("4242 4242 4242 4242");
    expect(numberInput().selectionStart).toBe(19);
  });

  it("groups an American Express number 4-6-5", async () => {
    mockApi({});
    const { user } = renderForm();
    await user.type(numberInput(), "378282246310005");
    expect(numberInput()).toHaveValue("3782 822463 10005");
  });

  it("regroups a pasted number, whatever separators it came with", async () => {
    mockApi({});
    const { user } = renderForm();
    await user.click(numberInput());
    await user.paste("4242-4242 - 4242-4242");
    expect(numberInput()).toHaveValue("4242 4242 4242 4242");
  });

  it("keeps the caret after the digit just typed or deleted in the middle", async () => {
    mockApi({});
    const { user } = renderForm();
    await user.type(numberInput(), "4242424242424242");
    // A digit typed after the second: the rest moves along, the caret stays after the new digit.
    await user.type(numberInput(), "9", { initialSelectionStart: 2, initialSelectionEnd: 2 });
    expect(numberInput()).toHaveValue("4294 2424 2424 2424 2");
    expect(numberInput().selectionStart).toBe(3);
    await user.keyboard("1");
    expect(numberInput()).toHaveValue("4291 4242 4242 4242 42");
    expect(numberInput().selectionStart).toBe(4);
    // Backspace just after a space removes the digit before it, not only the space.
    await user.type(numberInput(), "{Backspace}", { initialSelectionStart: 5, initialSelectionEnd: 5 });
    expect(numberInput()).toHaveValue("4294 2424 2424 2424 2");
    expect(numberInput().selectionStart).toBe(3);
  });

  it("sends only the digits", async () => {
    const fetchMock = mockApi({
      "POST /api/payments/confirm": () => ({
        body: { status: "succeeded", paymentId: "pi_test_1", order: {} },
      }),
    });
    const { user } = renderForm();
    await fill(user, { number: "4000056655665556", expiry: `12/${nextYear}`, cvc: "123" });
    await vi.waitFor(() => expect(fetchMock).toHaveBeenCalled());
    const [, init] = fetchMock.mock.calls[0]!;
    expect(JSON.parse(String(init?.body)).card.number).toBe("4000056655665556");
  });
});
