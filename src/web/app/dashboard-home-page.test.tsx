import { screen, within } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { MSG } from "#shared/messages.ts";
import type { User } from "#shared/schemas/auth.ts";
import type { Overview } from "#shared/schemas/overview.ts";
import { buyer, mockApi, renderRoutes } from "#web/test/render.tsx";
import DashboardHomePage from "./dashboard-home-page.tsx";

function open(user: User, answer: () => { status?: number; body?: unknown } | Promise<{ body: unknown }>) {
  mockApi({
    "GET /api/auth/me": () => ({ body: { user } }),
    "GET /api/me/overview": answer,
  });
  renderRoutes([{ path: "/dashboard", element: <DashboardHomePage /> }], "/dashboard");
}

const counts = (overview: Overview) => () => ({ body: overview });

const steps = async () => within(await screen.findByRole("region", { name: MSG.overview.title }));

/** The step card with this name: its count, its line of help and its links (name → href). */
async function card(name: string) {
  const item = await (await steps()).findByRole("listitem", { name });
  await within(item).findByText(/^\d+$/);
  const links = Object.fromEntries(
    within(item)
      .queryAllByRole("link")
      .map((a) => [a.textContent, a.getAttribute("href")]),
  );
  return { item, count: Number(within(item).getByText(/^\d+$/).textContent), links };
}

afterEach(() => vi.unstubAllGlobals());

describe("dashboard overview", () => {
  it("tells a buyer how many bookings are unpaid and how long the first hold has left, with a way to pay", async () => {
    const inFiveHours = new Date(Date.now() + 4.5 * 60 * 60 * 1000).toISOString();
    open(buyer, counts({ role: "buyer", heldOrders: 2, nextHoldEndsAt: inFiveHours }));
    const { item, count, links } = await card(MSG.overview.buyerHeld);
    expect(count).toBe(2);
    expect(item).toHaveTextContent(MSG.overview.buyerTimeLeft(MSG.booking.hours(5)));
    expect(links).toEqual({ [MSG.overview.buyerPay]: "/dashboard/myorders" });
    // The old "open the menu" hint is gone: the page says what to do.
    expect(screen.queryByText(/dashboard menu/i)).not.toBeInTheDocument();
  });

  it("offers a buyer with nothing unpaid the bikes to browse", async () => {
    open(buyer, counts({ role: "buyer", heldOrders: 0, nextHoldEndsAt: null }));
    const { item, count, links } = await card(MSG.overview.buyerHeld);
    expect(count).toBe(0);
    expect(item).toHaveTextContent(MSG.overview.buyerNothingHeld);
    expect(links).toEqual({ [MSG.overview.buyerBrowse]: "/products/all" });
  });

  it("shows a seller bikes for sale, held, sold and ended unpaid, each with where to act", async () => {
    open({ ...buyer, role: "seller" }, counts({ role: "seller", forSale: 3, held: 1, sold: 2, unpaid: 4 }));
    const forSale = await card(MSG.overview.sellerForSale);
    expect(forSale.count).toBe(3);
    expect(forSale.links).toEqual({
      [MSG.overview.sellerProducts]: "/dashboard/myproducts",
      [MSG.overview.sellerAdd]: "/dashboard/addproduct",
    });
    const held = await card(MSG.overview.sellerHeld);
    expect(held.count).toBe(1);
    expect(held.item).toHaveTextContent(MSG.overview.sellerHeldHint);
    expect(held.links).toEqual({ [MSG.overview.sellerBuyers]: "/dashboard/mybuyers" });
    const sold = await card(MSG.overview.sellerSold);
    expect(sold.count).toBe(2);
    expect(sold.links).toEqual({ [MSG.overview.sellerBuyers]: "/dashboard/mybuyers" });
    const unpaid = await card(MSG.overview.sellerUnpaid);
    expect(unpaid.count).toBe(4);
    expect(unpaid.item).toHaveTextContent(MSG.overview.sellerUnpaidHint);
  });

  it("shows an admin the reports to review and the sellers to verify", async () => {
    open({ ...buyer, role: "admin" }, counts({ role: "admin", openReports: 4, unverifiedSellers: 1 }));
    const reports = await card(MSG.overview.adminReports);
    expect(reports.count).toBe(4);
    expect(reports.links).toEqual({ [MSG.overview.adminReview]: "/dashboard/reporteditems" });
    const sellers = await card(MSG.overview.adminUnverified);
    expect(sellers.count).toBe(1);
    expect(sellers.links).toEqual({ [MSG.overview.adminVerify]: "/dashboard/allsellers" });
  });

  it("lays the cards out before the counts arrive, so nothing moves when they do", async () => {
    let answer: (value: { body: unknown }) => void = () => {};
    open({ ...buyer, role: "seller" }, () => new Promise((resolve) => (answer = resolve)));
    const region = await steps();
    expect(region.getByRole("list")).toHaveAttribute("aria-busy", "true");
    expect(region.getAllByRole("listitem").map((li) => within(li).getByRole("heading").textContent)).toEqual([
      MSG.overview.sellerForSale,
      MSG.overview.sellerHeld,
      MSG.overview.sellerSold,
      MSG.overview.sellerUnpaid,
    ]);
    answer({ body: { role: "seller", forSale: 1, held: 0, sold: 0, unpaid: 0 } });
    expect((await card(MSG.overview.sellerForSale)).count).toBe(1);
    expect(region.getByRole("list")).not.toHaveAttribute("aria-busy");
  });

  it("says so with Try again when the counts cannot be loaded", async () => {
    open(buyer, () => ({
      status: 500,
      body: { type: "about:blank", title: "Internal Server Error", status: 500, detail: "boom" },
    }));
    const region = await steps();
    expect(await region.findByRole("alert")).toHaveTextContent(MSG.generic.somethingWrong);
    expect(region.getByRole("button", { name: "Try again" })).toBeInTheDocument();
  });
});
