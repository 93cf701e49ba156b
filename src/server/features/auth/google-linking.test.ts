import { describe, expect, it } from "vitest";
import { me, signin } from "#server/test/auth.ts";
import { buildUser, signIn } from "#server/test/factories.ts";
import { accountsWithEmail, browser, expectRefused, setupGoogleSignin } from "#server/test/google.ts";

describe("Google sign-in: which account it signs in to (against a real provider)", () => {
  const g = setupGoogleSignin();

  it("links an existing password account with the same verified email (any case) instead of making another", async () => {
    const existing = await buildUser(g.app, { role: "seller", name: "Karim Motors" });
    const earlierSession = await signIn(g.app, existing);
    g.account({ email: existing.email.toUpperCase(), name: "Someone Else" });
    const b = browser(g.app);

    const landed = await b.signInWithGoogle(existing.email);

    expect(landed.pathname).toBe("/");
    expect(await me(g.app, b.cookieHeader())).toMatchObject({
      id: existing.id,
      role: "seller",
      name: "Karim Motors",
    });
    const rows = await accountsWithEmail(g.app, existing.email);
    expect(rows).toHaveLength(1);
    expect(rows[0]?.googleSub).toBeTruthy();
    // Whoever set the password may have squatted the address: Google proved it, so the password and
    // the sessions made with it end.
    expect(await me(g.app, earlierSession)).toBeNull();
    const withPassword = await signin(g.app, { email: existing.email, password: existing.password });
    expect(withPassword.statusCode).toBe(401);
  });

  it("links an admin account, and the admin stays an admin", async () => {
    const admin = await buildUser(g.app, { role: "admin" });
    g.account({ email: admin.email });
    const b = browser(g.app);

    await b.signInWithGoogle(admin.email, { from: "/dashboard/allsellers" });

    expect(await me(g.app, b.cookieHeader())).toMatchObject({ id: admin.id, role: "admin" });
  });

  it("refuses a second Google account with the address of an account already linked to another", async () => {
    const email = g.account();
    const first = browser(g.app);
    await first.signInWithGoogle(email);
    g.account({ email }); // The provider now gives this address to a different subject.
    const second = browser(g.app);

    expectRefused(await second.signInWithGoogle(email), "google_linked_elsewhere");
    expect(second.cookieHeader()).toBeUndefined();
    expect(await accountsWithEmail(g.app, email)).toHaveLength(1);
  });

  it("refuses an unverified email with its own message and makes no account", async () => {
    const email = g.account({ emailVerified: false });
    const b = browser(g.app);

    const landed = await b.signInWithGoogle(email, { from: "/dashboard/myorders" });

    expectRefused(landed, "google_unverified", "/dashboard/myorders");
    expect(b.cookieHeader()).toBeUndefined();
    expect(await accountsWithEmail(g.app, email)).toEqual([]);
  });

  it("does not link an unverified email to the existing account with that address", async () => {
    const existing = await buildUser(g.app);
    g.account({ email: existing.email, emailVerified: false });
    const b = browser(g.app);

    expectRefused(await b.signInWithGoogle(existing.email), "google_unverified");
    expect(b.cookieHeader()).toBeUndefined();
    expect((await accountsWithEmail(g.app, existing.email))[0]?.googleSub).toBeNull();
  });
});
