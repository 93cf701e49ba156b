import { screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { MSG } from "#shared/messages.ts";
import { queryKeys } from "#web/lib/query-keys.ts";
import { problemAnswer } from "#web/test/problems.ts";
import { buyer, mockApi, renderRoutes, withToasts } from "#web/test/render.tsx";
import SigninPage from "./signin-page.tsx";

const routes = withToasts([
  { path: "/signin", Component: SigninPage },
  { path: "/", element: <h1>Home page</h1> },
  { path: "/dashboard/myorders", element: <h1>My orders page</h1> },
]);

const base = {
  "GET /api/auth/demo-accounts": () => ({ body: { accounts: [] } }),
  "GET /api/auth/providers": () => ({ body: { google: false } }),
  "GET /api/auth/me": () => ({ body: { user: null } }),
};
const problem = problemAnswer;
const me = { ...buyer, mfaEnabled: true };

afterEach(() => vi.unstubAllGlobals());

async function passwordStep(user: ReturnType<typeof userEvent.setup>) {
  await user.type(screen.getByLabelText("Email"), "buyer@motohaat.test");
  await user.type(screen.getByLabelText("Password"), "Buyer!Demo2026");
  await user.click(screen.getByRole("button", { name: "Sign In" }));
}

describe("sign-in's code step", () => {
  it("asks for the app's code after a correct password, shows a wrong code's message, then signs in", async () => {
    const codes: unknown[] = [];
    mockApi({
      ...base,
      "POST /api/auth/signin": () => ({ body: { mfaRequired: true } }),
      "POST /api/auth/signin/mfa": (init) => {
        const body = JSON.parse(String(init?.body));
        codes.push(body);
        return body.code === "123456"
          ? { body: { user: me } }
          : problem(401, MSG.mfa.wrongCode, { code: MSG.mfa.wrongCode });
      },
    });
    const user = userEvent.setup();
    const { queryClient } = renderRoutes(routes, "/signin?from=%2Fdashboard%2Fmyorders");
    await passwordStep(user);

    const input = await screen.findByLabelText("Authentication code");
    expect(queryClient.getQueryData(queryKeys.auth.me)).toEqual({ user: null });
    expect(input).toHaveAttribute("autocomplete", "one-time-code");
    expect(input).toHaveAttribute("inputmode", "numeric");
    expect(screen.queryByLabelText("Password")).not.toBeInTheDocument();

    await user.type(input, "12");
    await user.click(screen.getByRole("button", { name: "Verify" }));
    expect(await screen.findByText(MSG.mfa.codeFormat)).toBeInTheDocument();
    expect(codes).toEqual([]);

    await user.clear(input);
    await user.type(input, "654321");
    await user.click(screen.getByRole("button", { name: "Verify" }));
    expect(await screen.findByText(MSG.mfa.wrongCode)).toHaveClass("font-bold");
    expect(input).toHaveAccessibleDescription(MSG.mfa.wrongCode);

    await user.clear(input);
    await user.type(input, "123 456");
    await user.click(screen.getByRole("button", { name: "Verify" }));
    expect(await screen.findByRole("heading", { name: "My orders page" })).toBeInTheDocument();
    expect(queryClient.getQueryData(queryKeys.auth.me)).toEqual({ user: me });
    expect(codes).toEqual([{ code: "654321" }, { code: "123456" }]);
  });

  it("takes a recovery code through its link", async () => {
    const codes: unknown[] = [];
    mockApi({
      ...base,
      "POST /api/auth/signin": () => ({ body: { mfaRequired: true } }),
      "POST /api/auth/signin/mfa": (init) => {
        codes.push(JSON.parse(String(init?.body)));
        return { body: { user: me } };
      },
    });
    const user = userEvent.setup();
    renderRoutes(routes, "/signin");
    await passwordStep(user);

    await user.click(await screen.findByRole("button", { name: "Use a recovery code" }));
    const input = screen.getByLabelText("Recovery code");
    expect(input).not.toHaveAttribute("inputmode", "numeric");
    await user.type(input, "k7dm-q3xa");
    await user.click(screen.getByRole("button", { name: "Verify" }));
    expect(await screen.findByRole("heading", { name: "Home page" })).toBeInTheDocument();
    expect(codes).toEqual([{ code: "k7dm-q3xa" }]);
  });

  it("starts at the code step when Google sent the person back for it, and back at the password when time is up", async () => {
    mockApi({
      ...base,
      "POST /api/auth/signin/mfa": () => problem(401, MSG.mfa.pendingExpired),
    });
    const user = userEvent.setup();
    renderRoutes(routes, "/signin?mfa=1");

    await user.type(await screen.findByLabelText("Authentication code"), "123456");
    await user.click(screen.getByRole("button", { name: "Verify" }));
    expect(await screen.findByText(MSG.mfa.pendingExpired)).toBeInTheDocument();
    expect(screen.getByLabelText("Password")).toBeInTheDocument();
    expect(screen.queryByLabelText("Authentication code")).not.toBeInTheDocument();
  });

  it("moves focus to the code when the password form gives way to it, and back to the email on starting again", async () => {
    mockApi({ ...base, "POST /api/auth/signin": () => ({ body: { mfaRequired: true } }) });
    const user = userEvent.setup();
    renderRoutes(routes, "/signin");
    await passwordStep(user);

    const code = await screen.findByLabelText("Authentication code");
    await waitFor(() => expect(document.activeElement).toBe(code));
    // Typing goes straight into the code: no click or Tab needed first.
    await user.keyboard("123");
    expect(code).toHaveValue("123");

    await user.click(screen.getByRole("button", { name: "Start again" }));
    const email = await screen.findByLabelText("Email");
    await waitFor(() => expect(document.activeElement).toBe(email));
  });
});
