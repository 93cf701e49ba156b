import { screen } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { MSG } from "#shared/messages.ts";
import { mockApi, renderRoutes } from "#web/test/render.tsx";
import SigninPage from "./signin-page.tsx";
import SignupPage from "./signup-page.tsx";

const routes = [
  { path: "/signin", Component: SigninPage },
  { path: "/signup", Component: SignupPage },
];

function serverWithGoogle(google: boolean) {
  return mockApi({
    "GET /api/auth/providers": () => ({ body: { google } }),
    "GET /api/auth/demo-accounts": () => ({ body: { accounts: [] } }),
    "GET /api/auth/me": () => ({ body: { user: null } }),
  });
}

afterEach(() => vi.unstubAllGlobals());

describe("Continue with Google", () => {
  it("on /signin, sends the whole page to the server's Google start, carrying where the user came from", async () => {
    serverWithGoogle(true);
    renderRoutes(routes, `/signin?from=${encodeURIComponent("/dashboard/myorders")}`);

    const link = await screen.findByRole("link", { name: MSG.google.continue });
    expect(link).toHaveAttribute("href", "/api/auth/google?from=%2Fdashboard%2Fmyorders");
  });

  it("on /signup, says that a new account made with Google is a buyer", async () => {
    serverWithGoogle(true);
    renderRoutes(routes, "/signup");

    expect(await screen.findByRole("link", { name: MSG.google.continue })).toHaveAttribute(
      "href",
      "/api/auth/google",
    );
    expect(screen.getByText(MSG.google.newAccountsAreBuyers)).toBeInTheDocument();
  });

  it("keeps its place, with nothing to click, while the server has not said whether it is set up", async () => {
    let answer!: (google: boolean) => void;
    const providers = new Promise<boolean>((resolve) => {
      answer = resolve;
    });
    mockApi({
      "GET /api/auth/providers": async () => ({ body: { google: await providers } }),
      "GET /api/auth/demo-accounts": () => ({ body: { accounts: [] } }),
      "GET /api/auth/me": () => ({ body: { user: null } }),
    });
    renderRoutes(routes, "/signup");

    expect(await screen.findByRole("heading", { level: 1 })).toBeInTheDocument();
    // Laid out (so the lines below do not jump when it comes) but hidden from eyes and screen readers.
    expect(screen.getByText(MSG.google.continue).closest('[aria-hidden="true"]')).not.toBeNull();
    expect(screen.queryByRole("link", { name: MSG.google.continue })).not.toBeInTheDocument();

    answer(true);
    expect(await screen.findByRole("link", { name: MSG.google.continue })).toHaveAttribute(
      "href",
      "/api/auth/google",
    );
    expect(screen.getByText(MSG.google.continue).closest('[aria-hidden="true"]')).toBeNull();
  });

  it.each(["/signin", "/signup"])("is not on %s when the server is not set up for Google", async (url) => {
    const fetchMock = serverWithGoogle(false);
    renderRoutes(routes, url);

    await vi.waitFor(() => expect(fetchMock).toHaveBeenCalledWith("/api/auth/providers", expect.anything()));
    expect(await screen.findByRole("heading", { level: 1 })).toBeInTheDocument();
    expect(screen.queryByRole("link", { name: MSG.google.continue })).not.toBeInTheDocument();
  });
});

describe("a Google sign-in that came back to /signin with an error", () => {
  it.each([
    ["google_unavailable", MSG.google.unavailable],
    ["google_failed", MSG.google.failed],
    ["google_cancelled", MSG.google.cancelled],
    ["google_unverified", MSG.google.unverified],
    ["google_linked_elsewhere", MSG.google.linkedElsewhere],
  ])("%s: shows what happened", async (code, message) => {
    serverWithGoogle(true);
    renderRoutes(routes, `/signin?error=${code}`);

    expect(await screen.findByRole("alert")).toHaveTextContent(message);
  });

  it("shows nothing for a code it does not know: a crafted link cannot put words on the page", async () => {
    serverWithGoogle(true);
    renderRoutes(routes, `/signin?error=${encodeURIComponent("Your account is locked, call 01700")}`);

    await screen.findByRole("link", { name: MSG.google.continue });
    expect(screen.queryByRole("alert")).not.toBeInTheDocument();
    expect(screen.queryByText(/locked/)).not.toBeInTheDocument();
  });
});
