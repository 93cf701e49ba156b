import { screen, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { MONEY_MSG } from "#shared/money-messages.ts";
import type { EarningsPage } from "#shared/schemas/earnings.ts";
import { mockApi, renderRoutes } from "#web/test/render.tsx";
import EarningsPageView from "./earnings-page.tsx";

const routes = [{ path: "/dashboard/earnings", Component: EarningsPageView }];

const BKASH = {
  method: "bkash",
  walletNumber: "+8801712345678",
  accountName: null,
  bankName: null,
  branch: null,
  accountNumber: null,
};

const page = (over: Partial<EarningsPage> = {}): EarningsPage => ({
  items: [],
  nextCursor: null,
  balance: { held: 0, available: 0, paidOut: 0, fees: 0 },
  ...over,
});

describe("Earnings", () => {
  it("shows the balance, then every movement of the seller's money with its bike, newest first", async () => {
    const order = { id: "o-1", model: "Yamaha FZS V3" };
    mockApi({
      "GET /api/me/payout-details": () => ({ body: { details: BKASH } }),
      "GET /api/me/earnings": () => ({
        body: page({
          balance: { held: 90_000, available: 147_000, paidOut: 0, fees: 3_000 },
          items: [
            { id: "3", kind: "fee", amount: 3_000, at: "2026-11-26T04:00:00.000Z", order, reference: null },
            {
              id: "2",
              kind: "released",
              amount: 150_000,
              at: "2026-11-26T04:00:00.000Z",
              order,
              reference: null,
            },
            {
              id: "1",
              kind: "received",
              amount: 150_000,
              at: "2026-11-25T04:00:00.000Z",
              order,
              reference: null,
            },
          ],
        }),
      }),
    });
    renderRoutes(routes, "/dashboard/earnings");

    const figures = await screen.findByLabelText("Balance");
    expect(figures).toHaveTextContent(`${MONEY_MSG.earnings.available}৳1,47,000`);
    expect(figures).toHaveTextContent(`${MONEY_MSG.earnings.held}৳90,000`);
    expect(figures).toHaveTextContent(`${MONEY_MSG.earnings.fees}৳3,000`);
    const lines = within(screen.getByRole("list", { name: "Movements of your money" })).getAllByRole(
      "listitem",
    );
    expect(lines.map((l) => l.textContent)).toEqual([
      expect.stringMatching(new RegExp(`^${MONEY_MSG.earnings.kind.fee}.*Yamaha FZS V3−৳3,000$`)),
      expect.stringMatching(new RegExp(`^${MONEY_MSG.earnings.kind.released}.*Yamaha FZS V3\\+৳1,50,000$`)),
      expect.stringMatching(new RegExp(`^${MONEY_MSG.earnings.kind.received}.*Yamaha FZS V3৳1,50,000$`)),
    ]);
  });

  it("says what will show up here before any card sale", async () => {
    mockApi({
      "GET /api/me/earnings": () => ({ body: page() }),
      "GET /api/me/payout-details": () => ({ body: { details: null } }),
    });
    renderRoutes(routes, "/dashboard/earnings");
    expect(await screen.findByRole("heading", { name: MONEY_MSG.earnings.emptyTitle })).toBeInTheDocument();
    expect(screen.getByText(MONEY_MSG.earnings.emptyHint)).toBeInTheDocument();
    // Nothing is owed yet: no need to ask where to pay it.
    expect(screen.queryByText(MONEY_MSG.payout.notSet)).not.toBeInTheDocument();
  });

  it("asks a seller with money coming and nowhere to pay it to say where, with a link to the form", async () => {
    mockApi({
      "GET /api/me/earnings": () => ({
        body: page({
          balance: { held: 150_000, available: 0, paidOut: 0, fees: 0 },
          items: [
            {
              id: "1",
              kind: "received",
              amount: 150_000,
              at: "2026-11-25T04:00:00.000Z",
              order: { id: "o-1", model: "Gixxer" },
              reference: null,
            },
          ],
        }),
      }),
      "GET /api/me/payout-details": () => ({ body: { details: null } }),
    });
    renderRoutes(routes, "/dashboard/earnings");
    expect(await screen.findByText(MONEY_MSG.payout.notSet)).toBeInTheDocument();
    expect(screen.getByRole("link", { name: MONEY_MSG.payout.add })).toHaveAttribute(
      "href",
      "/dashboard/profile#payout",
    );
  });
});
