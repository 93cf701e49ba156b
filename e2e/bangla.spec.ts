import { consoleOf, expect, hydrated, test } from "./fixtures.ts";

/**
 * MotoHaat in Bangla (issue 25): the first visit follows the browser's language, the switch in the
 * top bar changes the page at once and is remembered, and a page rendered on the server arrives in
 * the chosen language — no flash of English — and hydrates without a word in the console.
 */

test.describe("a browser that asks for Bangla", () => {
  test.use({ locale: "bn-BD" });

  test("gets the page in Bangla from the server, hydrated in Bangla", async ({ page }) => {
    const lines = consoleOf(page);
    const response = await page.goto("/");
    expect(response?.headers()["content-language"]).toBe("bn");
    // The server's HTML, before any script: already Bangla.
    const html = (await response?.text()) ?? "";
    expect(html).toContain('<html lang="bn"');
    expect(html).toContain("আমাদের কথা");
    expect(html).not.toContain(">About Us<");
    await expect(page.locator("html")).toHaveAttribute("lang", "bn");
    const nav = page.getByRole("navigation", { name: "প্রধান" });
    await expect(nav.getByRole("link", { name: "হোম", exact: true })).toBeVisible();
    await expect(page.getByRole("button", { name: "English" })).toBeVisible();
    await page.waitForLoadState("networkidle");
    expect(lines).toEqual([]);
  });
});

test("the switch changes the page at once and is remembered, rendered so by the server", async ({ page }) => {
  const lines = consoleOf(page);
  await page.goto("/");
  await expect(page.locator("html")).toHaveAttribute("lang", "en");
  await hydrated(page);
  await page.getByRole("button", { name: "বাংলা" }).click();
  await expect(page.locator("html")).toHaveAttribute("lang", "bn");
  await expect(
    page.getByRole("navigation", { name: "প্রধান" }).getByRole("link", { name: "হোম", exact: true }),
  ).toBeVisible();
  await expect(page.getByRole("button", { name: "Switch to dark theme" })).toHaveCount(0);
  await expect(page.getByRole("button", { name: "ডার্ক থিমে যান" })).toBeVisible();

  // The next page the server makes is Bangla too: the choice is this device's cookie.
  const again = await page.reload();
  expect(await again?.text()).toContain('<html lang="bn"');
  await expect(page.getByRole("link", { name: "হোম", exact: true }).first()).toBeVisible();

  // A page the browser renders itself (sign-in) starts in it as well.
  await page.goto("/signin");
  await expect(page.locator("html")).toHaveAttribute("lang", "bn");
  await expect(page.getByRole("button", { name: "English" })).toBeVisible();

  await page.getByRole("button", { name: "English" }).click();
  await expect(page.locator("html")).toHaveAttribute("lang", "en");
  await expect(page.getByRole("button", { name: "বাংলা" })).toBeVisible();
  const english = await page.goto("/");
  expect(await english?.text()).toContain('<html lang="en"');
  await page.waitForLoadState("networkidle");
  expect(lines).toEqual([]);
});

test("a signed-in person's choice follows them to another device", async ({
  browser,
  baseURL,
  newAccount,
}) => {
  const buyer = await newAccount("buyer", "Bangla Reader");
  await buyer.page.goto("/");
  await hydrated(buyer.page);
  await buyer.page.getByRole("button", { name: "বাংলা" }).click();
  await expect(buyer.page.locator("html")).toHaveAttribute("lang", "bn");

  // A second device, its browser in English, with no choice of its own: signed in, it is Bangla.
  const other = await browser.newContext({ baseURL, locale: "en-GB" });
  try {
    const page = await other.newPage();
    const res = await page.request.post("/api/auth/signin", {
      data: { email: buyer.email, password: buyer.password },
      headers: { origin: buyer.origin },
    });
    expect(res.status(), await res.text()).toBe(200);
    const answer = await page.goto("/dashboard");
    expect(await answer?.text()).toContain('<html lang="bn"');
    await expect(page.getByRole("button", { name: "English" })).toBeVisible();
  } finally {
    await other.close();
  }
});
