import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { Outlet } from "react-router";
import { ToastContainer } from "react-toastify";
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { MSG } from "#shared/messages.ts";
import { polyfillDialog } from "#web/test/dialog.ts";
import { buyer, heldReply, mockApi, renderRoutes } from "#web/test/render.tsx";
import { ReportButton } from "./report-button.tsx";

const listing = { id: "l-9", model: "Suzuki Gixxer" };
const detailsPath = "/products/productdetails/l-9";
const routes = (reportedByMe = false) => [
  {
    element: (
      <>
        <Outlet />
        <ToastContainer />
      </>
    ),
    children: [
      { path: detailsPath, element: <ReportButton listing={listing} reportedByMe={reportedByMe} /> },
      { path: "/signin", element: <h1>Sign in page</h1> },
    ],
  },
];
const signedInAs = (user: typeof buyer | null) => ({ "GET /api/auth/me": () => ({ body: { user } }) });

beforeAll(polyfillDialog);
afterEach(() => vi.unstubAllGlobals());

describe("report to admin", () => {
  it("is drawn ready before the session is known, and a press then sends a visitor to sign in once it is", async () => {
    const session = heldReply({ body: { user: null } });
    mockApi({ "GET /api/auth/me": session.handler });
    const user = userEvent.setup();
    renderRoutes(routes(), detailsPath);
    const button = await screen.findByRole("button", { name: "report to admin" });
    expect(button).toBeEnabled();
    await user.click(button);
    expect(screen.queryByRole("heading", { name: "Sign in page" })).toBeNull();

    session.release();
    expect(await screen.findByRole("heading", { name: "Sign in page" })).toBeInTheDocument();
  });

  it("asks for a reason, sends it, then reads reported and is disabled", async () => {
    const fetchMock = mockApi({
      ...signedInAs(buyer),
      "POST /api/listings/l-9/reports": () => ({ status: 201, body: { reported: true } }),
    });
    const user = userEvent.setup();
    renderRoutes(routes(), detailsPath);

    await user.click(await screen.findByRole("button", { name: "report to admin" }));
    const dialog = await screen.findByRole("dialog", { name: "Report to admin" });
    await user.click(within(dialog).getByRole("button", { name: "Send report" }));
    expect(await within(dialog).findByText(MSG.report.reasonRequired)).toBeInTheDocument();

    await user.type(within(dialog).getByLabelText("Reason"), "The photo is of another bike");
    expect(within(dialog).getByText("28/500 characters")).toBeInTheDocument();
    await user.click(within(dialog).getByRole("button", { name: "Send report" }));

    expect(await screen.findByText(MSG.report.reported)).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "reported" })).toBeDisabled();
    const call = fetchMock.mock.calls.find(([url]) => url === "/api/listings/l-9/reports");
    expect(JSON.parse(String(call?.[1]?.body))).toEqual({ reason: "The photo is of another bike" });
  });

  it("says the report could not be sent when the network fails, keeps the reason, and sends it again", async () => {
    let down = true;
    mockApi({
      ...signedInAs(buyer),
      "POST /api/listings/l-9/reports": () => {
        if (down) throw new TypeError("Failed to fetch");
        return { status: 201, body: { reported: true } };
      },
    });
    const user = userEvent.setup();
    renderRoutes(routes(), detailsPath);

    await user.click(await screen.findByRole("button", { name: "report to admin" }));
    const dialog = await screen.findByRole("dialog", { name: "Report to admin" });
    await user.type(within(dialog).getByLabelText("Reason"), "The photo is of another bike");
    await user.click(within(dialog).getByRole("button", { name: "Send report" }));

    expect(await screen.findByText(MSG.network.unreachable)).toBeInTheDocument();
    const send = within(dialog).getByRole("button", { name: "Send report" });
    expect(send).toBeEnabled();
    expect(within(dialog).getByLabelText("Reason")).toHaveValue("The photo is of another bike");

    down = false;
    await user.click(send);
    expect(await screen.findByText(MSG.report.reported)).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "reported" })).toBeDisabled();
  });

  it("reads reported from the start when the buyer reported it before", async () => {
    mockApi(signedInAs(buyer));
    renderRoutes(routes(true), detailsPath);
    expect(await screen.findByRole("button", { name: "reported" })).toBeDisabled();
  });

  it("sends a signed-out visitor to sign in, to come back here", async () => {
    mockApi(signedInAs(null));
    const user = userEvent.setup();
    const { router } = renderRoutes(routes(), detailsPath);
    await user.click(await screen.findByRole("button", { name: "report to admin" }));
    expect(await screen.findByText(MSG.auth.signInFirst)).toBeInTheDocument();
    expect(router.state.location.pathname).toBe("/signin");
    expect(router.state.location.search).toBe(`?from=${encodeURIComponent(detailsPath)}`);
  });
});
