import { screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { Outlet } from "react-router";
import { ToastContainer } from "react-toastify";
import { afterEach, describe, expect, it, vi } from "vitest";
import { MSG } from "#shared/messages.ts";
import { queryKeys } from "#web/lib/query-keys.ts";
import { problemAnswer } from "#web/test/problems.ts";
import { buyer, mockApi, renderRoutes } from "#web/test/render.tsx";
import ResetPasswordPage from "./reset-password-page.tsx";

const routes = [
  {
    element: (
      <>
        <Outlet />
        <ToastContainer />
      </>
    ),
    children: [
      { path: "/reset-password", Component: ResetPasswordPage },
      { path: "/", element: <h1>Home page</h1> },
    ],
  },
];

const problem = (detail: string, errors: Record<string, string>) => problemAnswer(400, detail, errors);

async function fillAndSubmit(password: string, confirm: string) {
  const user = userEvent.setup();
  await user.type(screen.getByLabelText("New password"), password);
  await user.type(screen.getByLabelText("Confirm new password"), confirm);
  await user.click(screen.getByRole("button", { name: "Set new password" }));
}

afterEach(() => vi.unstubAllGlobals());

describe("reset password page", () => {
  it("sets the new password with the link's token, signs in and goes home", async () => {
    const fetchMock = mockApi({ "POST /api/auth/password-reset/confirm": () => ({ body: { user: buyer } }) });
    const { queryClient } = renderRoutes(routes, "/reset-password?token=abc_-123");

    await fillAndSubmit("N3w!Secret", "N3w!Secret");

    expect(await screen.findByRole("heading", { name: "Home page" })).toBeInTheDocument();
    expect(screen.getByText(MSG.passwordReset.done)).toBeInTheDocument();
    expect(queryClient.getQueryData(queryKeys.auth.me)).toEqual({ user: buyer });
    const [, init] = fetchMock.mock.calls.find(([url]) => url === "/api/auth/password-reset/confirm")!;
    expect(JSON.parse(String(init?.body))).toEqual({ token: "abc_-123", password: "N3w!Secret" });
  });

  it("checks the rules and that both passwords match before sending anything", async () => {
    const fetchMock = mockApi({});
    renderRoutes(routes, "/reset-password?token=abc");

    await fillAndSubmit("weakpass", "weakpass");
    expect(await screen.findByText(MSG.signup.passwordWeak)).toBeInTheDocument();

    const user = userEvent.setup();
    await user.clear(screen.getByLabelText("New password"));
    await user.type(screen.getByLabelText("New password"), "N3w!Secret");
    await user.clear(screen.getByLabelText("Confirm new password"));
    await user.type(screen.getByLabelText("Confirm new password"), "N3w!Secreg");
    await user.click(screen.getByRole("button", { name: "Set new password" }));
    expect(await screen.findByText(MSG.passwordReset.mismatch)).toBeInTheDocument();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it("an expired or used link says so and offers to ask for a new one", async () => {
    mockApi({
      "POST /api/auth/password-reset/confirm": () =>
        problem(MSG.passwordReset.linkInvalid, { token: MSG.passwordReset.linkInvalid }),
    });
    renderRoutes(routes, "/reset-password?token=used");

    await fillAndSubmit("N3w!Secret", "N3w!Secret");

    expect(await screen.findByRole("alert")).toHaveTextContent(MSG.passwordReset.linkInvalid);
    expect(screen.getByRole("link", { name: "Ask for a new reset link" })).toHaveAttribute(
      "href",
      "/signin?forgot=1",
    );
    expect(screen.queryByLabelText("New password")).not.toBeInTheDocument();
  });

  it("without a token there is no form, only the way to ask for a link", async () => {
    mockApi({});
    renderRoutes(routes, "/reset-password");
    expect(await screen.findByRole("alert")).toHaveTextContent(MSG.passwordReset.linkMissing);
    expect(screen.getByRole("link", { name: "Ask for a new reset link" })).toBeInTheDocument();
    expect(screen.queryByRole("button", { name: "Set new password" })).not.toBeInTheDocument();
  });
});
