import { screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { MONEY_MSG } from "#shared/money-messages.ts";
import { mockApi, renderRoutes, withToasts } from "#web/test/render.tsx";
import { PayoutDetailsSection } from "./payout-details.tsx";

const routes = withToasts([{ path: "/dashboard/profile", element: <PayoutDetailsSection /> }]);

afterEach(() => vi.unstubAllGlobals());

describe("Where to be paid", () => {
  it("asks for it while unset; a wrong number is refused in the page, a good one saved as the server keeps it", async () => {
    const fetchMock = mockApi({
      "GET /api/me/payout-details": () => ({ body: { details: null } }),
      "PUT /api/me/payout-details": () => ({
        body: {
          details: {
            method: "bkash",
            walletNumber: "+8801712345678",
            accountName: null,
            bankName: null,
            branch: null,
            accountNumber: null,
          },
        },
      }),
    });
    const user = userEvent.setup();
    renderRoutes(routes, "/dashboard/profile");

    expect(await screen.findByText(MONEY_MSG.payout.notSet)).toBeInTheDocument();
    await user.click(screen.getByRole("button", { name: MONEY_MSG.payout.save }));
    expect(await screen.findByText(MONEY_MSG.payout.methodRequired)).toBeInTheDocument();

    await user.click(screen.getByRole("radio", { name: "bKash" }));
    const number = screen.getByLabelText(MONEY_MSG.payout.wallet("bKash"));
    await user.type(number, "12345");
    await user.click(screen.getByRole("button", { name: MONEY_MSG.payout.save }));
    expect(await screen.findByText(MONEY_MSG.payout.walletInvalid)).toBeInTheDocument();
    expect(number).toHaveAttribute("aria-invalid", "true");
    expect(fetchMock).not.toHaveBeenCalledWith(
      "/api/me/payout-details",
      expect.objectContaining({ method: "PUT" }),
    );

    await user.clear(number);
    await user.type(number, "01712-345678");
    await user.click(screen.getByRole("button", { name: MONEY_MSG.payout.save }));
    expect(await screen.findByText(MONEY_MSG.payout.saved)).toBeInTheDocument();
    const put = fetchMock.mock.calls.find(([, init]) => init?.method === "PUT");
    expect(JSON.parse(String(put?.[1]?.body))).toEqual({ method: "bkash", walletNumber: "01712-345678" });
    expect(number).toHaveValue("01712-345678");
  });

  it("shows a bank account already set, with its four fields", async () => {
    mockApi({
      "GET /api/me/payout-details": () => ({
        body: {
          details: {
            method: "bank",
            walletNumber: null,
            accountName: "Karim Uddin",
            bankName: "Dutch-Bangla Bank",
            branch: "Banani",
            accountNumber: "123456789012",
          },
        },
      }),
    });
    renderRoutes(routes, "/dashboard/profile");
    expect(await screen.findByRole("radio", { name: "Bank account" })).toBeChecked();
    expect(screen.getByLabelText(MONEY_MSG.payout.accountName)).toHaveValue("Karim Uddin");
    expect(screen.getByLabelText(MONEY_MSG.payout.bankName)).toHaveValue("Dutch-Bangla Bank");
    expect(screen.getByLabelText(MONEY_MSG.payout.branch)).toHaveValue("Banani");
    expect(screen.getByLabelText(MONEY_MSG.payout.accountNumber)).toHaveValue("123456789012");
    expect(screen.queryByText(MONEY_MSG.payout.notSet)).not.toBeInTheDocument();
  });

  it("is brought into view once loaded when the address asks for it (#payout), as Earnings' link does", async () => {
    const scrolled = vi.fn();
    const original = Element.prototype.scrollIntoView;
    Element.prototype.scrollIntoView = function (this: Element) {
      scrolled(this.id);
    };
    try {
      mockApi({ "GET /api/me/payout-details": () => ({ body: { details: null } }) });
      renderRoutes(routes, "/dashboard/profile#payout");
      expect(await screen.findByText(MONEY_MSG.payout.notSet)).toBeInTheDocument();
      expect(scrolled).toHaveBeenCalledWith("payout");
    } finally {
      Element.prototype.scrollIntoView = original;
    }
  });
});
