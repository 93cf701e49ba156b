import { MSG } from "#shared/messages.ts";
import { atPath, expect, test } from "./fixtures.ts";
import { GOOGLE_ACCOUNT } from "./google-account.ts";

// The provider standing in for Google is started by global-setup.ts along with its own server.
test.skip(!process.env.E2E_START_SERVER, "needs the test OpenID provider global-setup starts");

const PROVIDER_HEADING = "Sign in to the test provider";

test.describe("Continue with Google", () => {
  test("a new person signs in with Google, lands back on the page they wanted as a buyer, and the next sign-in reuses the account", async ({
    page,
  }) => {
    // A buyer-only page sends a signed-out visitor to sign in, remembering where they were going.
    await page.goto("/dashboard/myorders");
    await expect(page).toHaveURL(atPath("/signin"));
    await page.getByRole("link", { name: MSG.google.continue }).click();

    await expect(page.getByRole("heading", { name: PROVIDER_HEADING })).toBeVisible();
    await page.getByLabel("Email").fill(GOOGLE_ACCOUNT.email);
    await page.getByRole("button", { name: "Sign in", exact: true }).click();

    await expect(page).toHaveURL(atPath("/dashboard/myorders"));
    const topBar = page.getByRole("banner");
    // The provider's picture, fetched and processed by our server.
    const photo = topBar.getByRole("img", { name: GOOGLE_ACCOUNT.name, exact: true });
    await expect(photo).toBeVisible();
    await expect.poll(() => photo.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
    await expect(topBar.getByRole("link", { name: "Products", exact: true })).toBeVisible();
    const first = (await (await page.request.get("/api/auth/me")).json()).user;
    expect(first).toMatchObject({ name: GOOGLE_ACCOUNT.name, email: GOOGLE_ACCOUNT.email, role: "buyer" });

    await topBar.getByRole("button", { name: "Sign Out", exact: true }).click();
    await expect(topBar.getByRole("link", { name: "Sign In", exact: true })).toBeVisible();

    // From sign-up this time; the provider still knows the person, so it sends them straight back.
    await page.goto("/signup");
    await page.getByRole("link", { name: MSG.google.continue }).click();
    await expect(page).toHaveURL(atPath("/"));
    await expect(topBar.getByRole("img", { name: GOOGLE_ACCOUNT.name, exact: true })).toBeVisible();
    const second = (await (await page.request.get("/api/auth/me")).json()).user;
    expect(second.id).toBe(first.id);
  });

  test("a person who cancels at Google is back on sign-in, told so, and not signed in", async ({ page }) => {
    await page.goto("/signin");
    await page.getByRole("link", { name: MSG.google.continue }).click();
    await expect(page.getByRole("heading", { name: PROVIDER_HEADING })).toBeVisible();
    await page.getByRole("button", { name: "Cancel", exact: true }).click();

    await expect(page).toHaveURL(atPath("/signin"));
    await expect(page.getByRole("alert").filter({ hasText: MSG.google.cancelled })).toBeVisible();
    await expect(page.getByRole("banner").getByRole("link", { name: "Sign In", exact: true })).toBeVisible();
  });
});
