import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { Outlet } from "react-router";
import { ToastContainer } from "react-toastify";
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { MSG } from "#shared/messages.ts";
import { polyfillDialog } from "#web/test/dialog.ts";
import { mockApi, renderRoutes } from "#web/test/render.tsx";
import SigninPage from "./signin-page.tsx";

const routes = [
  {
    element: (
      <>
        <Outlet />
        <ToastContainer />
      </>
    ),
    children: [{ path: "/signin", Component: SigninPage }],
  },
];

const signinPageCalls = {
  "GET /api/auth/demo-accounts": () => ({ body: { accounts: [] } }),
  "GET /api/auth/me": () => ({ body: { user: null } }),
};

beforeAll(polyfillDialog);
afterEach(() => vi.unstubAllGlobals());

describe("forgot password on the sign-in page", () => {
  it("asks for the email (starting from the one typed), sends it and says the reset email was sent", async () => {
    const fetchMock = mockApi({
      ...signinPageCalls,
      "POST /api/auth/password-reset": () => ({
        status: 202,
        body: { message: MSG.passwordReset.emailSent },
      }),
    });
    const user = userEvent.setup();
    renderRoutes(routes, "/signin");

    await user.type(screen.getByLabelText("Email"), "Rahim@Example.test");
    await user.click(screen.getByRole("button", { name: "Forgot password?" }));
    const dialog = screen.getByRole("dialog", { name: "Reset your password" });
    expect(within(dialog).getByLabelText("Email address")).toHaveValue("Rahim@Example.test");
    await user.click(within(dialog).getByRole("button", { name: "Send reset link" }));

    expect(await within(dialog).findByRole("status")).toHaveTextContent(MSG.passwordReset.emailSent);
    expect(within(dialog).getByRole("status")).toHaveTextContent("rahim@example.test");
    // The toast says it too, outside the dialog.
    expect(screen.getAllByText(MSG.passwordReset.emailSent)).toHaveLength(2);
    const [, init] = fetchMock.mock.calls.find(([url]) => url === "/api/auth/password-reset")!;
    expect(JSON.parse(String(init?.body))).toEqual({ email: "rahim@example.test" });
  });

  it("checks the address before sending", async () => {
    const fetchMock = mockApi(signinPageCalls);
    const user = userEvent.setup();
    renderRoutes(routes, "/signin");

    await user.click(screen.getByRole("button", { name: "Forgot password?" }));
    const dialog = screen.getByRole("dialog", { name: "Reset your password" });
    await user.click(within(dialog).getByRole("button", { name: "Send reset link" }));
    expect(await within(dialog).findByText(MSG.signin.emailRequired)).toBeInTheDocument();
    expect(fetchMock).not.toHaveBeenCalledWith("/api/auth/password-reset", expect.anything());
  });

  it("opens by itself when the reset page sent the user here for a new link", async () => {
    mockApi(signinPageCalls);
    renderRoutes(routes, "/signin?forgot=1");
    expect(await screen.findByRole("dialog", { name: "Reset your password" })).toBeInTheDocument();
  });
});
