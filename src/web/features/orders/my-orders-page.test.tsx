import { screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { Order } from "#shared/schemas/orders.ts";
import { buildListing } from "#web/test/listings.ts";
import { mockApi, renderRoutes } from "#web/test/render.tsx";
import MyOrdersPage from "./my-orders-page.tsx";

const order = (id: string, model: string, over: Partial<Order> = {}): Order => ({
  id,
  bookedAt: "2026-02-03T10:00:00.000Z",
  price: 150000,
  phone: "01712345678",
  meetingLocation: "Dhanmondi 27",
  paid: false,
  paidAt: null,
  listing: buildListing({
    id: `l-${id}`,
    postedAt: "2026-01-05T10:00:00.000Z",
    model,
    askingPrice: 160000,
    photo: { src: "/img/a.webp", srcSet: "/img/a.webp 320w", width: 320, height: 240 },
    status: "sold",
  }),
  ...over,
});

const routes = [
  { path: "/dashboard/myorders", Component: MyOrdersPage },
  { path: "/dashboard/payment/:orderId", element: <h1>Payment page</h1> },
];

afterEach(() => vi.unstubAllGlobals());

describe("My orders", () => {
  it("shows each order with what the buyer pays, loads more on request, and links Pay to the order", async () => {
    const pages = [
      { items: [order("o1", "Yamaha FZS")], nextCursor: "c1" },
      {
        items: [order("o2", "Bajaj Pulsar", { paid: true, paidAt: "2026-02-04T10:00:00.000Z" })],
        nextCursor: null,
      },
    ];
    const fetchMock = mockApi({ "GET /api/me/orders": () => ({ body: pages.shift() }) });
    const user = userEvent.setup();
    renderRoutes(routes, "/dashboard/myorders");

    const first = await screen.findByRole("article", { name: /Yamaha FZS/ });
    expect(first).toHaveTextContent("৳1,50,000");
    expect(first).toHaveTextContent("03-Feb-2026");
    expect(first).toHaveTextContent("05-Jan-2026");
    expect(screen.getByRole("img", { name: "Verified seller" })).toBeInTheDocument();

    await user.click(screen.getByRole("button", { name: "Load more" }));
    expect(await screen.findByRole("button", { name: "Paid" })).toBeDisabled();
    expect(fetchMock).toHaveBeenLastCalledWith("/api/me/orders?cursor=c1", expect.anything());
    expect(screen.queryByRole("button", { name: "Load more" })).not.toBeInTheDocument();

    await user.click(screen.getByRole("link", { name: "Pay for Yamaha FZS" }));
    expect(await screen.findByRole("heading", { name: "Payment page" })).toBeInTheDocument();
  });

  it("says so when there are no orders, with a way to browse", async () => {
    mockApi({ "GET /api/me/orders": () => ({ body: { items: [], nextCursor: null } }) });
    renderRoutes(routes, "/dashboard/myorders");
    expect(await screen.findByRole("heading", { name: "You have no orders yet" })).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Browse bikes" })).toHaveAttribute("href", "/products/all");
  });
});
