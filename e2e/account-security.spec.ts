import type { Browser } from "@playwright/test";
import { MSG } from "#shared/messages.ts";
import { atPath, expect, test } from "./fixtures.ts";

const NEW_PASSWORD = "N3w!Secret";

/** Another browser (its own cookies) signed in to the same account through the API. */
async function otherDevice(browser: Browser, baseURL: string, email: string, password: string) {
  const context = await browser.newContext({ baseURL });
  const res = await context.request.post("/api/auth/signin", {
    data: { email, password },
    headers: { origin: new URL(baseURL).origin },
  });
  expect(res.status(), await res.text()).toBe(200);
  const signedIn = async () => (await (await context.request.get("/api/auth/me")).json()).user !== null;
  return { context, signedIn };
}

test.describe("account security on the profile page", () => {
  test("changing the password signs other devices out; the new password signs in", async ({
    newAccount,
    browser,
    baseURL,
  }) => {
    const account = await newAccount("buyer", "Salma Akter");
    const laptop = await otherDevice(browser, baseURL!, account.email, account.password);
    const { page } = account;

    await page.goto("/dashboard/profile");
    const form = page.getByRole("region", { name: "Change password" });
    await form.getByLabel("Current password").fill(account.password);
    await form.getByLabel("New password").fill("Password1!");
    await form.getByRole("button", { name: "Change password" }).click();
    await expect(form.getByText(MSG.signup.passwordCommon)).toBeVisible();

    await form.getByLabel("New password").fill(NEW_PASSWORD);
    await form.getByRole("button", { name: "Change password" }).click();
    await expect(page.getByText(MSG.account.passwordChanged)).toBeVisible();
    expect(await laptop.signedIn()).toBe(false);
    await laptop.context.close();

    // This device stays signed in.
    await page.reload();
    await expect(page.getByRole("heading", { name: "Profile" })).toBeVisible();

    const fresh = await browser.newContext({ baseURL: baseURL! });
    const signin = await fresh.newPage();
    await signin.goto("/signin");
    await signin.getByLabel("Email", { exact: true }).fill(account.email);
    await signin.getByLabel("Password", { exact: true }).fill(NEW_PASSWORD);
    await signin.getByRole("button", { name: "Sign In", exact: true }).click();
    await expect(signin).toHaveURL(atPath("/"));
    expect((await (await signin.request.get("/api/auth/me")).json()).user).toMatchObject({
      email: account.email,
    });
    await fresh.close();
  });

  test("a person sees their devices and signs another one out", async ({ newAccount, browser, baseURL }) => {
    const account = await newAccount("seller", "Tanvir Hasan");
    const phone = await otherDevice(browser, baseURL!, account.email, account.password);
    const { page } = account;

    await page.goto("/dashboard/profile");
    const devices = page.getByRole("region", { name: "Signed-in devices" });
    const rows = devices.getByRole("listitem");
    await expect(rows).toHaveCount(2);
    await expect(rows.filter({ hasText: "This device" })).toHaveCount(1);

    const other = rows.filter({ hasNotText: "This device" });
    await other.getByRole("button", { name: /^Sign out / }).click();
    await expect(page.getByText(MSG.account.sessionEnded)).toBeVisible();
    await expect(rows).toHaveCount(1);
    expect(await phone.signedIn()).toBe(false);
    await phone.context.close();
  });
});
