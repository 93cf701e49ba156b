import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { MONEY_MSG } from "#shared/money-messages.ts";
import type { MoneyAction, OwedList } from "#shared/schemas/money.ts";
import { polyfillDialog } from "#web/test/dialog.ts";
import { problemReply } from "#web/test/problems.ts";
import { mockApi, renderRoutes, withToasts } from "#web/test/render.tsx";
import PayoutsPage from "./payouts-page.tsx";

beforeAll(polyfillDialog);
afterEach(() => vi.unstubAllGlobals());

const owed: OwedList = {
  total: 235_000,
  items: [
    {
      seller: { id: "s-1", name: "Rahim Uddin", email: "rahim@motohaat.test" },
      owed: 145_000,
      details: {
        method: "bkash",
        walletNumber: "+8801712345678",
        accountName: null,
        bankName: null,
        branch: null,
        accountNumber: null,
      },
    },
    { seller: { id: "s-2", name: "Waiting Seller", email: null }, owed: 90_000, details: null },
  ],
};

const payout: MoneyAction = {
  id: "7",
  action: "payout",
  admin: { id: "a-1", name: "Admin Karim" },
  seller: { id: "s-1", name: "Rahim Uddin" },
  order: null,
  amount: 100_000,
  reference: "9BX7K2M4QP",
  paidTo: "bKash +8801712345678",
  note: MONEY_MSG.payouts.defaultNote,
  at: "2026-11-27T10:00:00.000Z",
};

describe("payouts, the admins' page", () => {
  const routes = withToasts([{ path: "/dashboard/payouts", Component: PayoutsPage }]);

  it("lists what each seller is owed and where to send it, records a payout, and logs it", async () => {
    let log: MoneyAction[] = [];
    const sent: unknown[] = [];
    const fetchMock = mockApi({
      "GET /api/admin/payouts": () => ({ body: owed }),
      "GET /api/admin/money-log": () => ({ body: { items: log, nextCursor: null } }),
      "POST /api/admin/payouts": (init) => {
        sent.push(JSON.parse(String(init?.body)));
        log = [payout];
        return { status: 201, body: { payout } };
      },
    });
    const user = userEvent.setup();
    renderRoutes(routes, "/dashboard/payouts");

    expect(await screen.findByText(MONEY_MSG.payouts.totalOwed("৳2,35,000", 2))).toBeInTheDocument();
    expect(screen.getByRole("link", { name: MONEY_MSG.payouts.downloadCsv })).toHaveAttribute(
      "href",
      "/api/admin/payouts.csv",
    );
    const waiting = screen.getByRole("article", { name: "Waiting Seller" });
    expect(waiting).toHaveTextContent(MONEY_MSG.payouts.noDetails);
    expect(within(waiting).queryByRole("button")).not.toBeInTheDocument();
    expect(await screen.findByText(MONEY_MSG.moneyLog.empty)).toBeInTheDocument();

    const card = screen.getByRole("article", { name: "Rahim Uddin" });
    expect(card).toHaveTextContent("bKash 01712-345678");
    await user.click(
      within(card).getByRole("button", { name: MONEY_MSG.payouts.recordTitle("Rahim Uddin") }),
    );
    const dialog = await screen.findByRole("dialog", { name: MONEY_MSG.payouts.recordTitle("Rahim Uddin") });
    const amount = within(dialog).getByLabelText(MONEY_MSG.payouts.amountLabel);
    expect(amount).toHaveValue(145_000);
    await user.clear(amount);
    await user.type(amount, "150000");
    await user.click(within(dialog).getByRole("button", { name: MONEY_MSG.payouts.record }));
    expect(await within(dialog).findByText(MONEY_MSG.payouts.moreThanOwed)).toBeInTheDocument();
    expect(within(dialog).getByText(MONEY_MSG.payouts.referenceRequired)).toBeInTheDocument();
    expect(fetchMock).not.toHaveBeenCalledWith(
      "/api/admin/payouts",
      expect.objectContaining({ method: "POST" }),
    );

    await user.clear(amount);
    await user.type(amount, "100000");
    await user.type(within(dialog).getByLabelText(MONEY_MSG.payouts.referenceLabel), "9BX7K2M4QP");
    await user.click(within(dialog).getByRole("button", { name: MONEY_MSG.payouts.record }));
    expect(
      await screen.findByText(MONEY_MSG.payouts.recorded("৳1,00,000", "Rahim Uddin")),
    ).toBeInTheDocument();
    expect(sent).toEqual([{ sellerId: "s-1", amount: 100_000, reference: "9BX7K2M4QP", note: "" }]);
    expect(
      await screen.findByText(MONEY_MSG.moneyLog.reference("9BX7K2M4QP"), { exact: false }),
    ).toBeInTheDocument();
    expect(screen.getByText(MONEY_MSG.moneyLog.by("Admin Karim"), { exact: false })).toBeInTheDocument();
  });

  it("keeps the form open and says why when the server refuses", async () => {
    mockApi({
      "GET /api/admin/payouts": () => ({ body: owed }),
      "GET /api/admin/money-log": () => ({ body: { items: [], nextCursor: null } }),
      "POST /api/admin/payouts": () => problemReply("payouts.moreThanOwed"),
    });
    const user = userEvent.setup();
    renderRoutes(routes, "/dashboard/payouts");
    const card = await screen.findByRole("article", { name: "Rahim Uddin" });
    await user.click(
      within(card).getByRole("button", { name: MONEY_MSG.payouts.recordTitle("Rahim Uddin") }),
    );
    const dialog = await screen.findByRole("dialog");
    await user.type(within(dialog).getByLabelText(MONEY_MSG.payouts.referenceLabel), "TRX-1");
    await user.click(within(dialog).getByRole("button", { name: MONEY_MSG.payouts.record }));
    expect(await within(dialog).findByRole("alert")).toHaveTextContent(MONEY_MSG.payouts.moreThanOwed);
  });

  it("says so when nobody is owed anything", async () => {
    mockApi({
      "GET /api/admin/payouts": () => ({ body: { items: [], total: 0 } }),
      "GET /api/admin/money-log": () => ({ body: { items: [], nextCursor: null } }),
    });
    renderRoutes(routes, "/dashboard/payouts");
    expect(await screen.findByText(MONEY_MSG.payouts.emptyTitle)).toBeInTheDocument();
    expect(screen.getByText(MONEY_MSG.payouts.emptyHint)).toBeInTheDocument();
  });
});
