import { expect, hydrated, test } from "./fixtures.ts";

declare global {
  interface Window {
    /** The theme as it stood when the page's body first appeared, before the app's script ran. */
    __themeBeforeApp?: { theme: string | undefined; appRendered: boolean };
  }
}

test.use({ colorScheme: "light" });

test("the theme toggle is remembered across a reload, with no flash of the light theme", async ({ page }) => {
  // Runs in every document before its own scripts: records the theme once <body> exists, which is
  // before the deferred app bundle can run and before anything is painted.
  await page.addInitScript(() => {
    const record = () => {
      if (window.__themeBeforeApp || !document.body) return false;
      window.__themeBeforeApp = {
        theme: document.documentElement.dataset.theme,
        // The page's HTML (the server's, or index.html's static shell) is painted before any script;
        // the app has run once React has taken #root over (createRoot or hydrateRoot mark it).
        appRendered: Object.keys(document.getElementById("root") ?? {}).some((key) =>
          key.startsWith("__reactContainer"),
        ),
      };
      return true;
    };
    if (record()) return;
    const observer = new MutationObserver(() => {
      if (record()) observer.disconnect();
    });
    observer.observe(document, { childList: true, subtree: true });
  });

  await page.goto("/");
  const html = page.locator("html");
  await expect(html).toHaveAttribute("data-theme", "light");
  // The toggle in the server's HTML does nothing until the app's code has come (after the page's paint).
  await hydrated(page);
  await page.getByRole("button", { name: "Switch to dark theme" }).click();
  await expect(html).toHaveAttribute("data-theme", "dark");
  await expect(page.getByRole("button", { name: "Switch to light theme" })).toBeVisible();
  expect(await page.evaluate(() => localStorage.getItem("motohaat-theme"))).toBe("dark");

  await page.reload();
  const beforeApp = await page.evaluate(() => window.__themeBeforeApp);
  expect(beforeApp).toEqual({ theme: "dark", appRendered: false });
  await expect(page.getByRole("button", { name: "Switch to light theme" })).toBeVisible();
  await expect(html).toHaveAttribute("data-theme", "dark");

  await hydrated(page);
  await page.getByRole("button", { name: "Switch to light theme" }).click();
  await expect(html).toHaveAttribute("data-theme", "light");
  await page.reload();
  expect(await page.evaluate(() => window.__themeBeforeApp?.theme)).toBe("light");
  await expect(page.getByRole("button", { name: "Switch to dark theme" })).toBeVisible();
});

test.describe("with a dark system preference", () => {
  test.use({ colorScheme: "dark" });

  test("a first visit follows the system's dark preference", async ({ page }) => {
    await page.goto("/");
    await expect(page.locator("html")).toHaveAttribute("data-theme", "dark");
    await expect(page.getByRole("button", { name: "Switch to light theme" })).toBeVisible();
  });
});
