import { screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { MSG } from "#shared/messages.ts";
import { queryKeys } from "#web/lib/query-keys.ts";
import { problemReply } from "#web/test/problems.ts";
import { buyer, mockApi, renderRoutes, withToasts } from "#web/test/render.tsx";
import SigninPage from "./signin-page.tsx";
import SignupPage from "./signup-page.tsx";

const bike = "/products/productdetails/l-1";
const routes = withToasts([
  { path: "/signup", Component: SignupPage },
  { path: "/signin", Component: SigninPage },
  { path: "/", element: <h1>Home page</h1> },
  { path: bike, element: <h1>Bike page</h1> },
]);

const signedOut = { "GET /api/auth/me": () => ({ body: { user: null } }) };
const noDemo = {
  "GET /api/auth/demo-accounts": () => problemReply("generic.notFound"),
};
const google = { "GET /api/auth/providers": () => ({ body: { google: true } }) };

/** The server's answer to a sign-up: the new user, signed in, with the role they chose. */
const signupAnswers = (role: "buyer" | "seller") => ({
  "POST /api/auth/signup": (init: RequestInit | undefined) => {
    const form = init?.body as FormData;
    return {
      status: 201,
      body: { user: { ...buyer, id: "u-new", name: form.get("name"), email: form.get("email"), role } },
    };
  },
});

async function signUp(role: "buyer" | "seller") {
  const user = userEvent.setup();
  await user.type(screen.getByLabelText("Name"), "Nadia Rahman");
  await user.type(screen.getByLabelText("Email"), "nadia@example.com");
  await user.selectOptions(screen.getByLabelText("Role"), role);
  await user.upload(screen.getByLabelText("Photo"), new File(["me"], "me.png", { type: "image/png" }));
  await user.type(screen.getByLabelText("Password"), "Nadia!Pass2026");
  await user.click(screen.getByRole("button", { name: "Sign Up" }));
}

beforeEach(() => {
  Object.assign(URL, { createObjectURL: () => "blob:preview", revokeObjectURL: () => {} });
});
afterEach(() => vi.unstubAllGlobals());

describe("sign-up page", () => {
  it("is reached from sign-in with the way back kept, and keeps it on its links", async () => {
    mockApi({ ...signedOut, ...noDemo, ...google });
    const user = userEvent.setup();
    const from = `${bike}?book=1`;
    const { router } = renderRoutes(routes, `/signin?from=${encodeURIComponent(from)}`);

    await user.click(screen.getByRole("link", { name: "Create an account" }));
    expect(router.state.location.pathname).toBe("/signup");
    expect(new URLSearchParams(router.state.location.search).get("from")).toBe(from);

    // Google's way and the way back to sign-in carry it too.
    expect(await screen.findByRole("link", { name: MSG.google.continue })).toHaveAttribute(
      "href",
      `/api/auth/google?from=${encodeURIComponent(from)}`,
    );
    await user.click(screen.getByRole("link", { name: "I already have an account" }));
    expect(router.state.location.pathname).toBe("/signin");
    expect(new URLSearchParams(router.state.location.search).get("from")).toBe(from);
  });

  it.each(["buyer", "seller"] as const)(
    "after signing up as a %s, returns to `from` (the bike, ?book=1 kept for its page to decide)",
    async (role) => {
      mockApi({ ...signedOut, ...signupAnswers(role) });
      const { router, queryClient } = renderRoutes(
        routes,
        `/signup?from=${encodeURIComponent(`${bike}?book=1`)}`,
      );

      await signUp(role);

      expect(await screen.findByRole("heading", { name: "Bike page" })).toBeInTheDocument();
      expect(router.state.location.search).toBe("?book=1");
      expect(await screen.findByText(MSG.signup.success)).toBeInTheDocument();
      expect(queryClient.getQueryData(queryKeys.auth.me)).toMatchObject({ user: { role } });
    },
  );

  it.each([
    ["no `from`", "/signup"],
    ["`from` on another site", `/signup?from=${encodeURIComponent("//evil.example/steal")}`],
    ["`from` back to sign-in", `/signup?from=${encodeURIComponent("/signin")}`],
  ])("after signing up with %s, goes home as before", async (_label, url) => {
    mockApi({ ...signedOut, ...signupAnswers("buyer") });
    const { router } = renderRoutes(routes, url);

    await signUp("buyer");

    expect(await screen.findByRole("heading", { name: "Home page" })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe("/");
  });
});
