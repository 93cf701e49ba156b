import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { Outlet } from "react-router";
import { ToastContainer } from "react-toastify";
import { afterEach, describe, expect, it, vi } from "vitest";
import { MSG } from "#shared/messages.ts";
import type { Seller } from "#shared/schemas/people.ts";
import { mockApi, renderRoutes } from "#web/test/render.tsx";
import AllSellersPage from "./all-sellers-page.tsx";

const routes = [
  {
    element: (
      <>
        <Outlet />
        <ToastContainer />
      </>
    ),
    children: [{ path: "/dashboard/allsellers", Component: AllSellersPage }],
  },
];

const seller = (id: string, name: string, verified: boolean): Seller => ({
  id,
  name,
  email: `${id}@motohaat.test`,
  photo: null,
  verified,
});

afterEach(() => vi.unstubAllGlobals());

describe("All sellers", () => {
  it("verifies a seller: toast, the list refetches, the button reads verified and stays disabled", async () => {
    let karimVerified = false;
    const listCalls = vi.fn();
    const fetchMock = mockApi({
      "GET /api/admin/sellers": () => {
        listCalls();
        return {
          body: {
            items: [seller("karim", "Karim Motors", karimVerified), seller("salma", "Salma Bikes", true)],
            nextCursor: null,
          },
        };
      },
      "POST /api/admin/sellers/karim/verify": () => {
        karimVerified = true;
        return { body: { seller: seller("karim", "Karim Motors", true) } };
      },
    });
    const user = userEvent.setup();
    renderRoutes(routes, "/dashboard/allsellers");

    const karim = await screen.findByRole("row", { name: /Karim Motors/ });
    const salma = screen.getByRole("row", { name: /Salma Bikes/ });
    expect(within(salma).getByRole("button", { name: "verified" })).toBeDisabled();
    expect(within(karim).getByRole("rowheader")).toHaveTextContent("1");

    await user.click(within(karim).getByRole("button", { name: /verify/ }));

    expect(await screen.findByText(MSG.admin.verified)).toBeInTheDocument();
    expect(within(karim).getByRole("button", { name: "verified" })).toBeDisabled();
    await waitFor(() => expect(listCalls).toHaveBeenCalledTimes(2));
    expect(fetchMock).toHaveBeenCalledWith(
      "/api/admin/sellers/karim/verify",
      expect.objectContaining({ method: "POST" }),
    );
  });

  it("says so when there are no sellers", async () => {
    mockApi({ "GET /api/admin/sellers": () => ({ body: { items: [], nextCursor: null } }) });
    renderRoutes(routes, "/dashboard/allsellers");
    expect(await screen.findByRole("heading", { name: "No sellers yet" })).toBeInTheDocument();
  });
});
