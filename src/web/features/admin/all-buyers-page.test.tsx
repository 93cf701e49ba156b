import { screen, within } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { MSG } from "#shared/messages.ts";
import type { AdminBuyer } from "#shared/schemas/admin.ts";
import { problemReply } from "#web/test/problems.ts";
import { mockApi, renderRoutes } from "#web/test/render.tsx";
import AllBuyersPage from "./all-buyers-page.tsx";

const routes = [{ path: "/dashboard/allbuyers", Component: AllBuyersPage }];

const buyer = (id: string, name: string, bookings: number): AdminBuyer => ({
  id,
  name,
  email: `${id}@motohaat.test`,
  photo: null,
  bookings,
  joinedAt: "2026-01-15T08:30:00.000Z",
});

afterEach(() => vi.unstubAllGlobals());

describe("All buyers", () => {
  it("lists every buyer account with its bookings count and join date, no phone", async () => {
    mockApi({
      "GET /api/admin/buyers": () => ({
        body: { items: [buyer("nadia", "Nadia", 0), buyer("rahim", "Rahim", 2)], nextCursor: null },
      }),
    });
    renderRoutes(routes, "/dashboard/allbuyers");

    const nadia = await screen.findByRole("row", { name: /Nadia/ });
    expect(screen.getAllByRole("columnheader").map((h) => h.textContent)).toEqual([
      "#",
      "User",
      "Bookings",
      "Joined",
    ]);
    expect(within(nadia).getByText("nadia@motohaat.test")).toBeInTheDocument();
    expect(within(nadia).getAllByRole("cell")[1]).toHaveTextContent("0");
    const rahim = screen.getByRole("row", { name: /Rahim/ });
    expect(within(rahim).getAllByRole("cell")[1]).toHaveTextContent("2");
    expect(within(rahim).getByText("15-Jan-2026")).toHaveAttribute("datetime", "2026-01-15T08:30:00.000Z");
    expect(screen.queryByRole("link", { name: /^tel:|01\d/ })).not.toBeInTheDocument();
  });

  it("says so when there are no buyers", async () => {
    mockApi({ "GET /api/admin/buyers": () => ({ body: { items: [], nextCursor: null } }) });
    renderRoutes(routes, "/dashboard/allbuyers");
    expect(await screen.findByRole("heading", { name: "No buyers yet" })).toBeInTheDocument();
    expect(screen.getByText(MSG.admin.noBuyersYet)).toBeInTheDocument();
  });

  it("says what went wrong when the list cannot load, with Try again", async () => {
    mockApi({
      "GET /api/admin/buyers": () => problemReply("auth.forbidden"),
    });
    renderRoutes(routes, "/dashboard/allbuyers");
    expect(await screen.findByText(MSG.auth.forbidden)).toBeInTheDocument();
    expect(screen.getByRole("button", { name: /try again/i })).toBeInTheDocument();
  });
});
