import { screen, within } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { MSG } from "#shared/messages.ts";
import type { ReportedListing } from "#shared/schemas/reports.ts";
import { buildListing } from "#web/test/listings.ts";
import { mockApi, renderRoutes } from "#web/test/render.tsx";
import ReportedItemsPage from "./reported-items-page.tsx";

const routes = [{ path: "/dashboard/reporteditems", Component: ReportedItemsPage }];

const item: ReportedListing = {
  listing: buildListing({ id: "bike-7", model: "Suzuki Gixxer" }),
  seller: { id: "s-1", name: "Karim Motors", email: "karim@motohaat.test" },
  reports: [
    {
      id: "r-1",
      reason: "The photos are of another bike",
      reportedAt: "2026-02-01T09:00:00.000Z",
      reporter: { id: "b-1", name: "Ayesha", email: "ayesha@motohaat.test" },
    },
  ],
};

afterEach(() => vi.unstubAllGlobals());

describe("Reported items", () => {
  it("links each report to its bike's page and to the seller, with the seller's email to write to", async () => {
    mockApi({ "GET /api/admin/reports": () => ({ body: { items: [item], nextCursor: null } }) });
    renderRoutes(routes, "/dashboard/reporteditems");

    const card = await screen.findByRole("article", { name: "Suzuki Gixxer" });
    expect(within(card).getByRole("link", { name: "Suzuki Gixxer" })).toHaveAttribute(
      "href",
      "/products/productdetails/bike-7",
    );
    expect(within(card).getByText(MSG.admin.sellerLabel)).toBeInTheDocument();
    expect(within(card).getByRole("link", { name: "Karim Motors" })).toHaveAttribute("href", "/sellers/s-1");
    expect(within(card).getByRole("link", { name: "karim@motohaat.test" })).toHaveAttribute(
      "href",
      "mailto:karim@motohaat.test",
    );
    expect(within(card).getByText("The photos are of another bike")).toBeInTheDocument();
  });

  it("says so when nothing is reported", async () => {
    mockApi({ "GET /api/admin/reports": () => ({ body: { items: [], nextCursor: null } }) });
    renderRoutes(routes, "/dashboard/reporteditems");
    expect(await screen.findByRole("heading", { name: "No reported items" })).toBeInTheDocument();
  });
});
