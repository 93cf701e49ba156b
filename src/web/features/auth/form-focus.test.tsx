import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { MSG } from "#shared/messages.ts";
import { polyfillDialog } from "#web/test/dialog.ts";
import { problemAnswer } from "#web/test/problems.ts";
import { buyer, mockApi, renderRoutes, withToasts } from "#web/test/render.tsx";
import { ChangePasswordForm } from "./change-password-form.tsx";
import ProfilePage from "./profile-page.tsx";
import ResetPasswordPage from "./reset-password-page.tsx";
import SigninPage from "./signin-page.tsx";
import SignupPage from "./signup-page.tsx";

/**
 * Every account form, after a failed try: the first field to fix has focus, whether the browser's
 * own check or the server (400 with `errors`) found it, and a message goes away as its field is
 * corrected while the others stay until theirs are.
 */

const problem = problemAnswer;
const signedOut = {
  "GET /api/auth/me": () => ({ body: { user: null } }),
  "GET /api/auth/demo-accounts": () => ({ body: { accounts: [] } }),
  "GET /api/auth/providers": () => ({ body: { google: false } }),
};

beforeAll(polyfillDialog);
beforeEach(() => {
  Object.assign(URL, { createObjectURL: () => "blob:preview", revokeObjectURL: () => {} });
});
afterEach(() => vi.unstubAllGlobals());

describe("sign-up", () => {
  const routes = withToasts([{ path: "/signup", Component: SignupPage }]);

  it("focuses the first empty field when the form's own check fails", async () => {
    mockApi(signedOut);
    const user = userEvent.setup();
    renderRoutes(routes, "/signup");
    await user.type(await screen.findByLabelText("Email"), "nadia@example.com");
    await user.click(screen.getByRole("button", { name: "Sign Up" }));
    expect(await screen.findByText(MSG.signup.nameRequired)).toBeInTheDocument();
    expect(screen.getByLabelText("Name")).toHaveFocus();

    await user.type(screen.getByLabelText("Name"), "Nadia");
    expect(screen.queryByText(MSG.signup.nameRequired)).not.toBeInTheDocument();
    expect(screen.getByText(MSG.signup.photoRequired)).toBeInTheDocument();

    // The photo comes before the password on the form, though the password registers first.
    await user.click(screen.getByRole("button", { name: "Sign Up" }));
    await vi.waitFor(() => expect(screen.getByLabelText("Photo")).toHaveFocus());
    expect(screen.getByLabelText("Password")).toHaveAttribute("aria-invalid", "true");
  });

  it("focuses the first field the server names, and clears each message as its field is corrected", async () => {
    mockApi({
      ...signedOut,
      "POST /api/auth/signup": () =>
        problem(400, MSG.signup.passwordCommon, {
          password: MSG.signup.passwordCommon,
          email: MSG.signup.emailTaken,
        }),
    });
    const user = userEvent.setup();
    renderRoutes(routes, "/signup");
    await user.type(await screen.findByLabelText("Name"), "Nadia Rahman");
    await user.type(screen.getByLabelText("Email"), "nadia@example.com");
    await user.upload(screen.getByLabelText("Photo"), new File(["me"], "me.png", { type: "image/png" }));
    await user.type(screen.getByLabelText("Password"), "Passw0rd!");
    await user.click(screen.getByRole("button", { name: "Sign Up" }));

    const email = screen.getByLabelText("Email");
    await vi.waitFor(() => expect(email).toHaveAccessibleDescription(MSG.signup.emailTaken));
    expect(email).toHaveFocus();
    await user.type(email, "m");
    expect(email).not.toHaveAccessibleDescription(MSG.signup.emailTaken);
    expect(screen.getByLabelText("Password")).toHaveAccessibleDescription(
      expect.stringContaining(MSG.signup.passwordCommon),
    );
  });
});

describe("sign-in", () => {
  const routes = withToasts([{ path: "/signin", Component: SigninPage }]);

  it("focuses the email first when both are empty", async () => {
    mockApi(signedOut);
    const user = userEvent.setup();
    renderRoutes(routes, "/signin");
    await user.click(await screen.findByRole("button", { name: "Sign In" }));
    expect(await screen.findByText(MSG.signin.emailRequired)).toBeInTheDocument();
    expect(screen.getByLabelText("Email")).toHaveFocus();
  });

  it("focuses the password after wrong credentials, and clears the message as it is retyped", async () => {
    mockApi({
      ...signedOut,
      "POST /api/auth/signin": () =>
        problem(401, MSG.signin.wrongCredentials, { password: MSG.signin.wrongCredentials }),
    });
    const user = userEvent.setup();
    renderRoutes(routes, "/signin");
    await user.type(await screen.findByLabelText("Email"), "rahim@example.com");
    await user.type(screen.getByLabelText("Password"), "Wrong!Pass1");
    await user.click(screen.getByRole("button", { name: "Sign In" }));
    const password = screen.getByLabelText("Password");
    await vi.waitFor(() => expect(password).toHaveAccessibleDescription(MSG.signin.wrongCredentials));
    expect(password).toHaveFocus();
    await user.type(password, "2");
    expect(screen.queryByText(MSG.signin.wrongCredentials)).not.toBeInTheDocument();
  });

  it("forgot password: focuses the email the server refused", async () => {
    mockApi({
      ...signedOut,
      "POST /api/auth/password-reset": () =>
        problem(400, MSG.signup.emailInvalid, { email: MSG.signup.emailInvalid }),
    });
    const user = userEvent.setup();
    renderRoutes(routes, "/signin");
    await user.type(await screen.findByLabelText("Email"), "rahim@example.com");
    await user.click(screen.getByRole("button", { name: "Forgot password?" }));
    const dialog = screen.getByRole("dialog", { name: "Reset your password" });
    await user.click(within(dialog).getByRole("button", { name: /send/i }));
    const email = within(dialog).getByLabelText("Email address");
    await vi.waitFor(() => expect(email).toHaveAccessibleDescription(MSG.signup.emailInvalid));
    expect(email).toHaveFocus();
    await user.type(email, "x");
    expect(email).not.toHaveAccessibleDescription(MSG.signup.emailInvalid);
  });

  it("the code step: focuses the code after a wrong code and clears the message as it is retyped", async () => {
    mockApi({
      ...signedOut,
      "POST /api/auth/signin": () => ({ body: { mfaRequired: true } }),
      "POST /api/auth/signin/mfa": () => problem(401, MSG.mfa.wrongCode, { code: MSG.mfa.wrongCode }),
    });
    const user = userEvent.setup();
    renderRoutes(routes, "/signin");
    await user.type(await screen.findByLabelText("Email"), "rahim@example.com");
    await user.type(screen.getByLabelText("Password"), "Right!Pass1");
    await user.click(screen.getByRole("button", { name: "Sign In" }));
    const code = await screen.findByLabelText("Authentication code");

    // The form's own check: not 6 digits.
    await user.type(code, "12");
    await user.click(screen.getByRole("button", { name: "Verify" }));
    expect(await screen.findByText(MSG.mfa.codeFormat)).toBeInTheDocument();
    expect(code).toHaveFocus();
    await user.type(code, "3456");
    expect(screen.queryByText(MSG.mfa.codeFormat)).not.toBeInTheDocument();

    // The server's answer.
    await user.click(screen.getByRole("button", { name: "Verify" }));
    await vi.waitFor(() => expect(code).toHaveAccessibleDescription(MSG.mfa.wrongCode));
    expect(code).toHaveFocus();
    await user.type(code, "{Backspace}7");
    expect(screen.queryByText(MSG.mfa.wrongCode)).not.toBeInTheDocument();
  });
});

describe("profile", () => {
  const routes = withToasts([{ path: "/dashboard/profile", Component: ProfilePage }]);
  const signedIn = {
    "GET /api/auth/me": () => ({ body: { user: buyer } }),
    "GET /api/auth/sessions": () => ({ body: { devices: [] } }),
  };

  it("focuses the name when it is emptied, and the photo the server refused", async () => {
    mockApi({
      ...signedIn,
      "PATCH /api/auth/me": () => problem(415, MSG.image.notImage),
    });
    const user = userEvent.setup();
    renderRoutes(routes, "/dashboard/profile");
    const name = await screen.findByLabelText("Name");
    await user.clear(name);
    await user.click(screen.getByRole("button", { name: "Save changes" }));
    expect(await screen.findByText(MSG.signup.nameRequired)).toBeInTheDocument();
    expect(name).toHaveFocus();
    await user.type(name, "Rahim");
    expect(screen.queryByText(MSG.signup.nameRequired)).not.toBeInTheDocument();

    const photo = screen.getByLabelText("New photo");
    await user.upload(photo, new File(["x"], "me.png", { type: "image/png" }));
    await user.click(screen.getByRole("button", { name: "Save changes" }));
    await vi.waitFor(() =>
      expect(photo).toHaveAccessibleDescription(expect.stringContaining(MSG.image.notImage)),
    );
    expect(photo).toHaveFocus();
    await user.upload(photo, new File(["y"], "other.png", { type: "image/png" }));
    expect(screen.queryByText(MSG.image.notImage)).not.toBeInTheDocument();
  });

  it("change password: focuses the current password when empty, then the new one the server refused", async () => {
    mockApi({
      "POST /api/auth/password": () =>
        problem(400, MSG.signup.passwordCommon, { newPassword: MSG.signup.passwordCommon }),
    });
    const user = userEvent.setup();
    renderRoutes(
      withToasts([{ path: "/dashboard/profile", element: <ChangePasswordForm user={buyer} /> }]),
      "/dashboard/profile",
    );
    await user.type(await screen.findByLabelText("New password"), "N3w!Secret");
    await user.click(screen.getByRole("button", { name: "Change password" }));
    expect(await screen.findByText(MSG.account.currentPasswordRequired)).toBeInTheDocument();
    const current = screen.getByLabelText("Current password");
    expect(current).toHaveFocus();
    await user.type(current, "0ld!Password");
    expect(screen.queryByText(MSG.account.currentPasswordRequired)).not.toBeInTheDocument();

    await user.click(screen.getByRole("button", { name: "Change password" }));
    const next = screen.getByLabelText("New password");
    await vi.waitFor(() =>
      expect(next).toHaveAccessibleDescription(expect.stringContaining(MSG.signup.passwordCommon)),
    );
    expect(next).toHaveFocus();
    await user.type(next, "9");
    expect(screen.queryByText(MSG.signup.passwordCommon)).not.toBeInTheDocument();
  });
});

describe("reset password", () => {
  const routes = withToasts([{ path: "/reset-password", Component: ResetPasswordPage }]);

  it("focuses the first field the form's check refuses, then the password the server refused", async () => {
    mockApi({
      "POST /api/auth/password-reset/confirm": () =>
        problem(400, MSG.signup.passwordCommon, { password: MSG.signup.passwordCommon }),
    });
    const user = userEvent.setup();
    renderRoutes(routes, "/reset-password?token=abc");
    await user.type(screen.getByLabelText("New password"), "N3w!Secret");
    await user.click(screen.getByRole("button", { name: "Set new password" }));
    const confirm = screen.getByLabelText("Confirm new password");
    expect(await screen.findByText(MSG.passwordReset.confirmRequired)).toBeInTheDocument();
    expect(confirm).toHaveFocus();
    await user.type(confirm, "N3w!Secret");
    expect(screen.queryByText(MSG.passwordReset.confirmRequired)).not.toBeInTheDocument();

    await user.click(screen.getByRole("button", { name: "Set new password" }));
    const password = screen.getByLabelText("New password");
    await vi.waitFor(() =>
      expect(password).toHaveAccessibleDescription(expect.stringContaining(MSG.signup.passwordCommon)),
    );
    expect(password).toHaveFocus();
    await user.type(password, "9");
    expect(screen.queryByText(MSG.signup.passwordCommon)).not.toBeInTheDocument();
  });
});
