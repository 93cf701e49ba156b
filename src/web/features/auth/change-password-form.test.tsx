import { screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { MSG } from "#shared/messages.ts";
import { problemAnswer } from "#web/test/problems.ts";
import { buyer, mockApi, renderRoutes, withToasts } from "#web/test/render.tsx";
import { ChangePasswordForm } from "./change-password-form.tsx";

const routes = withToasts([{ path: "/dashboard/profile", element: <ChangePasswordForm user={buyer} /> }]);

afterEach(() => vi.unstubAllGlobals());

async function fill(current: string, next: string) {
  const user = userEvent.setup();
  renderRoutes(routes, "/dashboard/profile");
  await user.type(await screen.findByLabelText("Current password"), current);
  await user.type(screen.getByLabelText("New password"), next);
  await user.click(screen.getByRole("button", { name: "Change password" }));
  return user;
}

const problem = problemAnswer;

describe("change password form", () => {
  it("sends both passwords, waits while pending, then says so and empties the form", async () => {
    const sent: unknown[] = [];
    let answer: () => void = () => {};
    mockApi({
      "POST /api/auth/password": (init) => {
        sent.push(JSON.parse(String(init?.body)));
        return new Promise((resolve) => {
          answer = () => resolve({ body: { message: MSG.account.passwordChanged } });
        });
      },
    });
    await fill("0ld!Password", "N3w!Secret");

    const button = screen.getByRole("button", { name: "Change password" });
    await waitFor(() => expect(button).toBeDisabled());
    answer();
    expect(await screen.findByText(MSG.account.passwordChanged)).toBeInTheDocument();
    expect(sent).toEqual([{ currentPassword: "0ld!Password", newPassword: "N3w!Secret" }]);
    expect(button).toBeEnabled();
    expect(screen.getByLabelText("Current password")).toHaveValue("");
    expect(screen.getByLabelText("New password")).toHaveValue("");
  });

  it("tells password managers which account and which password is which", async () => {
    mockApi({});
    renderRoutes(routes, "/dashboard/profile");
    const username = await screen.findByDisplayValue(buyer.email);
    expect(username).toHaveAttribute("autocomplete", "username");
    expect(username).toHaveAttribute("readonly");
    expect(username).not.toBeVisible();
    expect(username.closest("form")).toBe(screen.getByLabelText("Current password").closest("form"));
    expect(screen.getByLabelText("Current password")).toHaveAttribute("autocomplete", "current-password");
    expect(screen.getByLabelText("New password")).toHaveAttribute("autocomplete", "new-password");
  });

  it("offers a Google-only account no form it cannot use, but the way to set a password", async () => {
    mockApi({});
    renderRoutes(
      withToasts([
        {
          path: "/dashboard/profile",
          element: <ChangePasswordForm user={{ ...buyer, hasPassword: false }} />,
        },
      ]),
      "/dashboard/profile",
    );
    expect(await screen.findByText(/has no password yet/)).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Forgot password?" })).toHaveAttribute(
      "href",
      "/signin?forgot=1",
    );
    expect(screen.queryByLabelText("Current password")).not.toBeInTheDocument();
    expect(screen.queryByRole("button", { name: "Change password" })).not.toBeInTheDocument();
  });

  it("checks MotoHaat's rule before sending", async () => {
    const fetchMock = mockApi({});
    await fill("0ld!Password", "abcdef1!");
    expect(await screen.findByText(MSG.signup.passwordWeak)).toBeInTheDocument();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it("puts the server's 'too common' answer under the new password", async () => {
    mockApi({
      "POST /api/auth/password": () =>
        problem(400, MSG.signup.passwordCommon, { newPassword: MSG.signup.passwordCommon }),
    });
    await fill("0ld!Password", "Password1!");
    expect(await screen.findByText(MSG.signup.passwordCommon)).toBeInTheDocument();
    expect(screen.getByLabelText("New password")).toHaveAttribute("aria-invalid", "true");
  });

  it("puts a wrong current password under the current password", async () => {
    mockApi({
      "POST /api/auth/password": () =>
        problem(400, MSG.account.currentPasswordWrong, { currentPassword: MSG.account.currentPasswordWrong }),
    });
    await fill("Wr0ng!Pass", "N3w!Secret");
    expect(await screen.findByText(MSG.account.currentPasswordWrong)).toBeInTheDocument();
    expect(screen.getByLabelText("Current password")).toHaveAttribute("aria-invalid", "true");
  });

  it("tells an account without a password how to set one", async () => {
    mockApi({ "POST /api/auth/password": () => problem(400, MSG.account.noPassword) });
    await fill("Anything!1", "N3w!Secret");
    expect(await screen.findByRole("alert")).toHaveTextContent(MSG.account.noPassword);
  });
});
