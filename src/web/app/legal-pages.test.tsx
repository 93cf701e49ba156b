import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { MSG } from "#shared/messages.ts";
import { createRoutes } from "#web/router.tsx";
import { mockApi, renderRoutes } from "#web/test/render.tsx";

/** The app's own routes, signed out. */
function visit(url: string) {
  mockApi({
    "GET /api/auth/me": () => ({ body: { user: null } }),
    "GET /api/auth/providers": () => ({ body: { google: false } }),
  });
  return renderRoutes(createRoutes, url);
}

const h1 = (name: string) => screen.findByRole("heading", { level: 1, name }, { timeout: 5000 });

afterEach(() => vi.unstubAllGlobals());

describe("legal pages", () => {
  it("the footer's Legal links open the Terms of use, the Privacy policy and the Cookie policy", async () => {
    const user = userEvent.setup();
    const { router } = visit("/faq");
    await h1("Frequently asked questions");
    const legal = screen.getByRole("navigation", { name: "Legal" });
    for (const [name, path] of [
      [MSG.legal.terms, "/terms"],
      [MSG.legal.privacy, "/privacy"],
      [MSG.legal.cookies, "/cookies"],
    ] as const) {
      await user.click(within(legal).getByRole("link", { name }));
      expect(await h1(name)).toBeInTheDocument();
      expect(router.state.location.pathname).toBe(path);
      expect(document.title).toBe(`${name} — MotoHaat`);
      expect(screen.getByText(/^Last updated/)).toBeInTheDocument();
    }
  });

  it("the privacy policy says what is kept and for how long, who sees a contact, and how to delete an account", async () => {
    visit("/privacy");
    const page = (await h1(MSG.legal.privacy)).closest("article")!;
    const text = page.textContent ?? "";
    expect(text).toContain("7 days unused, and 30 days after signing in");
    expect(text).toContain("its seller sees your name, photo, email address and the phone number you gave");
    expect(text).toContain("They do not see phone numbers");
    expect(within(page).getByRole("heading", { name: "Deleting your account" })).toBeInTheDocument();
    const profile = within(page).getAllByRole("link", { name: "profile" })[0]!;
    expect(profile).toHaveAttribute("href", "/dashboard/profile#delete-account");
  });

  it("the cookie policy names the session cookie and the theme, and says there are no trackers", async () => {
    visit("/cookies");
    const page = (await h1(MSG.legal.cookies)).closest("article")!;
    expect(within(page).getByText("__Host-mh_session")).toBeInTheDocument();
    expect(within(page).getByText("motohaat-theme")).toBeInTheDocument();
    expect(within(page).getByRole("heading", { name: "No trackers" })).toBeInTheDocument();
    // The other two are a click away.
    const others = screen.getByRole("navigation", { name: "Other policies" });
    expect(within(others).getByRole("link", { name: MSG.legal.terms })).toHaveAttribute("href", "/terms");
    expect(within(others).getByRole("link", { name: MSG.legal.privacy })).toHaveAttribute("href", "/privacy");
  });

  it("the sign-up form says that signing up agrees to the Terms of use and the Privacy policy, both linked", async () => {
    visit("/signup");
    await h1("Create your account");
    const form = screen.getByRole("button", { name: "Sign Up" }).closest("form")!;
    const sentence = within(form).getByText(
      (_, el) => el?.tagName === "P" && /^By signing up you agree/.test(el.textContent ?? ""),
    );
    expect(sentence.textContent).toBe(
      `By signing up you agree to the Terms of use${MSG.legal.newTab} and Privacy policy${MSG.legal.newTab}.`,
    );
    expect(within(sentence).getByRole("link", { name: /Terms of use/ })).toHaveAttribute("href", "/terms");
    expect(within(sentence).getByRole("link", { name: /Privacy policy/ })).toHaveAttribute(
      "href",
      "/privacy",
    );
  });
});
