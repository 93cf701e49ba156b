import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { MSG } from "#shared/messages.ts";
import type { AdminSeller } from "#shared/schemas/admin.ts";
import { polyfillDialog } from "#web/test/dialog.ts";
import { problemReply } from "#web/test/problems.ts";
import { mockApi, renderRoutes, withToasts } from "#web/test/render.tsx";
import AllSellersPage from "./all-sellers-page.tsx";

const routes = withToasts([{ path: "/dashboard/allsellers", Component: AllSellersPage }]);

const seller = (id: string, name: string, verified: boolean, listings = 0): AdminSeller => ({
  id,
  name,
  email: `${id}@motohaat.test`,
  photo: null,
  verified,
  listings,
  joinedAt: "2026-03-05T10:00:00.000Z",
});

/** A server whose Karim starts unverified; POST and DELETE on his verify route set and clear the tick. */
function sellersApi() {
  let karimVerified = false;
  const listCalls = vi.fn();
  const fetchMock = mockApi({
    "GET /api/admin/sellers": () => {
      listCalls();
      return {
        body: {
          items: [seller("karim", "Karim Motors", karimVerified, 3), seller("salma", "Salma Bikes", true, 1)],
          nextCursor: null,
        },
      };
    },
    "POST /api/admin/sellers/karim/verify": () => {
      karimVerified = true;
      return { body: { seller: seller("karim", "Karim Motors", true, 3) } };
    },
    "DELETE /api/admin/sellers/karim/verify": () => {
      karimVerified = false;
      return { body: { seller: seller("karim", "Karim Motors", false, 3) } };
    },
  });
  return { fetchMock, listCalls };
}

beforeAll(polyfillDialog);
afterEach(() => vi.unstubAllGlobals());

describe("All sellers", () => {
  it("shows each seller's listings count and join date", async () => {
    sellersApi();
    renderRoutes(routes, "/dashboard/allsellers");

    const karim = await screen.findByRole("row", { name: /Karim Motors/ });
    expect(within(karim).getByRole("rowheader")).toHaveTextContent("1");
    const headers = screen.getAllByRole("columnheader").map((h) => h.textContent);
    expect(headers).toEqual(["#", "User", "Listings", "Joined", "Verification"]);
    const cells = within(karim).getAllByRole("cell");
    expect(cells[1]).toHaveTextContent("3");
    expect(within(cells[2]!).getByText("05-Mar-2026")).toHaveAttribute(
      "datetime",
      "2026-03-05T10:00:00.000Z",
    );
  });

  it("asks before verifying; cancelling changes nothing", async () => {
    const { fetchMock } = sellersApi();
    const user = userEvent.setup();
    renderRoutes(routes, "/dashboard/allsellers");

    const karim = await screen.findByRole("row", { name: /Karim Motors/ });
    await user.click(within(karim).getByRole("button", { name: "verify Karim Motors" }));
    const dialog = await screen.findByRole("dialog", { name: MSG.admin.confirmVerifyTitle("Karim Motors") });
    expect(dialog).toHaveTextContent(MSG.admin.confirmVerify);
    // Cancel, the safe answer, has the focus.
    expect(within(dialog).getByRole("button", { name: "Cancel" })).toHaveFocus();
    await user.click(within(dialog).getByRole("button", { name: "Cancel" }));

    await waitFor(() => expect(screen.queryByRole("dialog")).not.toBeInTheDocument());
    expect(fetchMock).not.toHaveBeenCalledWith(expect.stringContaining("/verify"), expect.anything());
    expect(within(karim).getByRole("button", { name: "verify Karim Motors" })).toBeEnabled();
  });

  it("verifies after the confirm, then Undo in the toast takes the tick off again", async () => {
    const { fetchMock, listCalls } = sellersApi();
    const user = userEvent.setup();
    renderRoutes(routes, "/dashboard/allsellers");

    const karim = await screen.findByRole("row", { name: /Karim Motors/ });
    await user.click(within(karim).getByRole("button", { name: "verify Karim Motors" }));
    const dialog = await screen.findByRole("dialog");
    await user.click(within(dialog).getByRole("button", { name: MSG.admin.verify }));

    expect(await screen.findByText(MSG.admin.verified)).toBeInTheDocument();
    expect(fetchMock).toHaveBeenCalledWith(
      "/api/admin/sellers/karim/verify",
      expect.objectContaining({ method: "POST" }),
    );
    expect(
      await within(karim).findByRole("button", { name: `${MSG.admin.removeVerification} of Karim Motors` }),
    ).toBeEnabled();
    expect(within(karim).getByText("verified")).toBeInTheDocument();
    await waitFor(() => expect(listCalls).toHaveBeenCalledTimes(2));

    await user.click(screen.getByRole("button", { name: MSG.admin.undoVerify("Karim Motors") }));

    expect(await screen.findByText(MSG.admin.unverified)).toBeInTheDocument();
    expect(fetchMock).toHaveBeenCalledWith(
      "/api/admin/sellers/karim/verify",
      expect.objectContaining({ method: "DELETE" }),
    );
    expect(await within(karim).findByRole("button", { name: "verify Karim Motors" })).toBeEnabled();
    await waitFor(() => expect(listCalls).toHaveBeenCalledTimes(3));
  });

  it("removes a verification from a verified seller's row, after asking", async () => {
    let salmaVerified = true;
    const fetchMock = mockApi({
      "GET /api/admin/sellers": () => ({
        body: { items: [seller("salma", "Salma Bikes", salmaVerified, 1)], nextCursor: null },
      }),
      "DELETE /api/admin/sellers/salma/verify": () => {
        salmaVerified = false;
        return { body: { seller: seller("salma", "Salma Bikes", false, 1) } };
      },
    });
    const user = userEvent.setup();
    renderRoutes(routes, "/dashboard/allsellers");

    const salma = await screen.findByRole("row", { name: /Salma Bikes/ });
    await user.click(
      within(salma).getByRole("button", { name: `${MSG.admin.removeVerification} of Salma Bikes` }),
    );
    const dialog = await screen.findByRole("dialog", { name: MSG.admin.confirmUnverifyTitle("Salma Bikes") });
    expect(dialog).toHaveTextContent(MSG.admin.confirmUnverify);
    await user.click(within(dialog).getByRole("button", { name: MSG.admin.removeVerification }));

    expect(await screen.findByText(MSG.admin.unverified)).toBeInTheDocument();
    expect(await within(salma).findByRole("button", { name: "verify Salma Bikes" })).toBeEnabled();
    expect(fetchMock).toHaveBeenCalledWith(
      "/api/admin/sellers/salma/verify",
      expect.objectContaining({ method: "DELETE" }),
    );
  });

  it("says why when verifying fails, and the seller stays unverified", async () => {
    mockApi({
      "GET /api/admin/sellers": () => ({
        body: { items: [seller("karim", "Karim Motors", false)], nextCursor: null },
      }),
      "POST /api/admin/sellers/karim/verify": () => problemReply("admin.sellerNotFound"),
    });
    const user = userEvent.setup();
    renderRoutes(routes, "/dashboard/allsellers");

    const karim = await screen.findByRole("row", { name: /Karim Motors/ });
    await user.click(within(karim).getByRole("button", { name: "verify Karim Motors" }));
    await user.click(
      within(await screen.findByRole("dialog")).getByRole("button", { name: MSG.admin.verify }),
    );

    expect(await screen.findByText(MSG.admin.sellerNotFound)).toBeInTheDocument();
    expect(within(karim).getByRole("button", { name: "verify Karim Motors" })).toBeEnabled();
  });

  it("says so when there are no sellers", async () => {
    mockApi({ "GET /api/admin/sellers": () => ({ body: { items: [], nextCursor: null } }) });
    renderRoutes(routes, "/dashboard/allsellers");
    expect(await screen.findByRole("heading", { name: "No sellers yet" })).toBeInTheDocument();
  });
});
