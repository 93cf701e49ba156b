import { screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { MSG } from "#shared/messages.ts";
import { queryKeys } from "#web/lib/query-keys.ts";
import { problemReply } from "#web/test/problems.ts";
import { buyer, mockApi, renderRoutes, withToasts } from "#web/test/render.tsx";
import SigninPage from "./signin-page.tsx";

const routes = [
  { path: "/signin", Component: SigninPage },
  { path: "/", element: <h1>Home page</h1> },
  { path: "/dashboard/myorders", element: <h1>My orders page</h1> },
];

/** What the server answers while demo data is off. */
const noDemo = {
  "GET /api/auth/demo-accounts": () => problemReply("generic.notFound"),
};
const signedOut = { "GET /api/auth/me": () => ({ body: { user: null } }) };

afterEach(() => vi.unstubAllGlobals());

describe("sign-in page", () => {
  it("shows MotoHaat's messages under the fields when they are empty or too short", async () => {
    const fetchMock = mockApi({ ...noDemo, ...signedOut });
    const user = userEvent.setup();
    renderRoutes(routes, "/signin");

    await user.click(screen.getByRole("button", { name: "Sign In" }));
    expect(await screen.findByText(MSG.signin.emailRequired)).toBeInTheDocument();
    expect(screen.getByLabelText("Password")).toHaveAccessibleDescription(MSG.signin.passwordRequired);

    await user.type(screen.getByLabelText("Email"), "not-an-email");
    await user.type(screen.getByLabelText("Password"), "abc");
    await user.click(screen.getByRole("button", { name: "Sign In" }));
    expect(await screen.findByText(MSG.signup.emailInvalid)).toBeInTheDocument();
    expect(screen.getByText(MSG.signin.passwordTooShort)).toBeInTheDocument();
    expect(fetchMock).not.toHaveBeenCalledWith("/api/auth/signin", expect.anything());
  });

  it("shows the server's wrong-credentials message in bold under the password", async () => {
    mockApi({
      ...noDemo,
      ...signedOut,
      "POST /api/auth/signin": () =>
        problemReply("signin.wrongCredentials", { errors: { password: MSG.signin.wrongCredentials } }),
    });
    const user = userEvent.setup();
    renderRoutes(routes, "/signin");

    await user.type(screen.getByLabelText("Email"), "buyer@motohaat.test");
    await user.type(screen.getByLabelText("Password"), "Wrong!Pass1");
    await user.click(screen.getByRole("button", { name: "Sign In" }));

    const message = await screen.findByText(MSG.signin.wrongCredentials);
    expect(message).toHaveClass("font-bold", "text-error");
    expect(screen.getByLabelText("Password")).toHaveAccessibleDescription(MSG.signin.wrongCredentials);
  });

  it.each([
    ["a path on the site", "/dashboard/myorders", "My orders page"],
    ["another site", "//evil.example/steal", "Home page"],
  ])("after signing in, follows `from` when it is %s", async (_label, from, heading) => {
    const fetchMock = mockApi({
      ...noDemo,
      ...signedOut,
      "POST /api/auth/signin": () => ({ body: { user: buyer } }),
    });
    const user = userEvent.setup();
    const { queryClient } = renderRoutes(routes, `/signin?from=${encodeURIComponent(from)}`);

    await user.type(screen.getByLabelText("Email"), "Buyer@MotoHaat.test ");
    await user.type(screen.getByLabelText("Password"), "Buyer!Demo2026");
    await user.click(screen.getByRole("button", { name: "Sign In" }));

    expect(await screen.findByRole("heading", { name: heading })).toBeInTheDocument();
    expect(queryClient.getQueryData(queryKeys.auth.me)).toEqual({ user: buyer });
    const signinCall = fetchMock.mock.calls.find(([url]) => url === "/api/auth/signin");
    // The shared schema trims and lower-cases the email before it is sent.
    expect(JSON.parse(String(signinCall?.[1]?.body))).toEqual({
      email: "buyer@motohaat.test",
      password: "Buyer!Demo2026",
    });
  });

  it("lists demo accounts only when the server has some, and fills the form from one", async () => {
    mockApi({
      ...signedOut,
      "GET /api/auth/demo-accounts": () => ({
        body: { accounts: [{ role: "seller", email: "seller@motohaat.test", password: "Seller!Demo2026" }] },
      }),
    });
    const user = userEvent.setup();
    renderRoutes(routes, "/signin");

    await user.click(await screen.findByRole("button", { name: "Use the seller demo account" }));
    expect(screen.getByLabelText("Email")).toHaveValue("seller@motohaat.test");
    expect(screen.getByLabelText("Password")).toHaveValue("Seller!Demo2026");
  });

  it("shows no demo panel, and no error, when the server has no demo data (404)", async () => {
    mockApi({ ...noDemo, ...signedOut });
    const { queryClient } = renderRoutes(withToasts(routes), "/signin");
    await waitFor(() => expect(queryClient.getQueryState(queryKeys.auth.demoAccounts)?.status).toBe("error"));
    expect(screen.getByRole("button", { name: "Sign In" })).toBeInTheDocument();
    expect(screen.queryByRole("heading", { name: "Try a demo account" })).not.toBeInTheDocument();
    expect(screen.queryByText(MSG.generic.notFound)).not.toBeInTheDocument();
    expect(screen.queryByRole("alert")).not.toBeInTheDocument();
  });
});
