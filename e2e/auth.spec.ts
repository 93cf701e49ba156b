import { MSG } from "#shared/messages.ts";
import { atPath, DEMO, drawPhoto, expect, test, uniqueEmail } from "./fixtures.ts";

test.describe("sign up, sign in, sign out", () => {
  test("a seller signs up with a photo, lands home signed in, and signing out ends the session", async ({
    page,
    request,
  }) => {
    const name = "Nusrat Jahan";
    await page.goto("/signup");
    await page.getByLabel("Name", { exact: true }).fill(name);
    await page.getByLabel("Email", { exact: true }).fill(uniqueEmail("seller"));
    await page.getByLabel("Role", { exact: true }).selectOption({ label: "Seller" });
    await page.getByLabel("Photo", { exact: true }).setInputFiles(await drawPhoto(page, "nusrat.png"));
    await page.getByLabel("Password", { exact: true }).fill("Bikes!2026");
    await page.getByRole("button", { name: "Sign Up", exact: true }).click();

    await expect(page.getByText(MSG.signup.success)).toBeVisible();
    await expect(page).toHaveURL(atPath("/"));
    const topBar = page.getByRole("banner");
    const photo = topBar.getByRole("img", { name, exact: true });
    await expect(photo).toBeVisible();
    // The photo is the processed upload, and it really loaded.
    await expect.poll(() => photo.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
    await expect(topBar.getByRole("link", { name: "Sign In", exact: true })).toHaveCount(0);
    await expect(topBar.getByRole("link", { name: "Dashboard", exact: true })).toBeVisible();

    const me = await (await page.request.get("/api/auth/me")).json();
    expect(me.user).toMatchObject({ name, role: "seller" });
    const sessionCookie = (await page.context().cookies()).map((c) => `${c.name}=${c.value}`).join("; ");
    const meWith = async (cookie: string) =>
      (await (await request.get("/api/auth/me", { headers: { cookie } })).json()).user;
    // Replayed from another client, the cookie signs this user in...
    expect(await meWith(sessionCookie)).toMatchObject({ name });

    await topBar.getByRole("button", { name: "Sign Out", exact: true }).click();
    await expect(topBar.getByRole("link", { name: "Sign In", exact: true })).toBeVisible();
    await expect(topBar.getByRole("link", { name: "Sign Up", exact: true })).toBeVisible();
    await expect(topBar.getByRole("img", { name, exact: true })).toHaveCount(0);
    expect((await (await page.request.get("/api/auth/me")).json()).user).toBeNull();

    // ...and after signing out it signs no one in: the server ended the session, not just the browser.
    expect(await meWith(sessionCookie)).toBeNull();
  });

  test("submitting an empty sign-up form shows every field's message and sends nothing", async ({ page }) => {
    await page.goto("/signup");
    let signupCalls = 0;
    page.on("request", (req) => {
      if (req.url().includes("/api/auth/signup")) signupCalls += 1;
    });
    await page.getByRole("button", { name: "Sign Up", exact: true }).click();

    for (const message of [
      MSG.signup.nameRequired,
      MSG.signup.emailRequired,
      MSG.signup.photoRequired,
      MSG.signup.passwordRequired,
    ]) {
      await expect(page.getByText(message, { exact: true })).toBeVisible();
    }
    await expect(page).toHaveURL(atPath("/signup"));
    expect(signupCalls).toBe(0);
  });

  test("sign-up checks a bad email and a weak password before sending", async ({ page }) => {
    await page.goto("/signup");
    await page.getByLabel("Email", { exact: true }).fill("not-an-email");
    await page.getByLabel("Password", { exact: true }).fill("abcdef");
    await page.getByRole("button", { name: "Sign Up", exact: true }).click();
    await expect(page.getByText(MSG.signup.emailInvalid, { exact: true })).toBeVisible();
    await expect(page.getByText(MSG.signup.passwordWeak, { exact: true })).toBeVisible();
  });

  test("a wrong password on sign-in says so and keeps the visitor signed out", async ({ page }) => {
    await page.goto("/signin");
    await page.getByLabel("Email", { exact: true }).fill(DEMO.buyer.email);
    await page.getByLabel("Password", { exact: true }).fill("Wrong!Pass2026");
    await page.getByRole("button", { name: "Sign In", exact: true }).click();

    await expect(page.getByText(MSG.signin.wrongCredentials, { exact: true })).toBeVisible();
    await expect(page).toHaveURL(atPath("/signin"));
    expect((await (await page.request.get("/api/auth/me")).json()).user).toBeNull();
  });

  test("the sign-in page lists the demo credentials, copies them, and signs in with one", async ({
    page,
    context,
  }) => {
    await context.grantPermissions(["clipboard-read", "clipboard-write"]);
    await page.goto("/signin");
    for (const { email, password } of Object.values(DEMO)) {
      await expect(page.getByText(email, { exact: true })).toBeVisible();
      await expect(page.getByText(password, { exact: true })).toBeVisible();
    }

    await page.getByRole("button", { name: "Copy seller password" }).click();
    await expect(page.getByRole("button", { name: "seller password copied" })).toBeVisible();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(DEMO.seller.password);

    await page.getByRole("button", { name: "Use the seller demo account" }).click();
    await page.getByRole("button", { name: "Sign In", exact: true }).click();
    await expect(page).toHaveURL(atPath("/"));
    await expect(
      page.getByRole("banner").getByRole("img", { name: DEMO.seller.name, exact: true }),
    ).toBeVisible();
  });
});

test.describe("route guards", () => {
  test("the dashboard sends a signed-out visitor to sign in, then back to the dashboard", async ({
    page,
  }) => {
    await page.goto("/dashboard");
    await expect(page).toHaveURL(atPath("/signin"));

    await page.getByLabel("Email", { exact: true }).fill(DEMO.buyer.email);
    await page.getByLabel("Password", { exact: true }).fill(DEMO.buyer.password);
    await page.getByRole("button", { name: "Sign In", exact: true }).click();

    await expect(page).toHaveURL(atPath("/dashboard"));
    await expect(page.getByRole("link", { name: "My orders", exact: true })).toBeVisible();
    await expect(
      page.getByRole("banner").getByRole("img", { name: DEMO.buyer.name, exact: true }),
    ).toBeVisible();
  });

  test("a buyer opening a seller page is sent to sign in", async ({ page, signInAs }) => {
    await signInAs("buyer");
    await page.goto("/dashboard/addproduct");
    await expect(page).toHaveURL(atPath("/signin"));
    await expect(page.getByRole("button", { name: "Add Product" })).toHaveCount(0);
  });
});
