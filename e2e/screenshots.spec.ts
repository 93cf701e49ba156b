import type { Page } from "@playwright/test";
import type { ListingsPage } from "#shared/schemas/listings.ts";
import { expect, test } from "./fixtures.ts";

/**
 * Screenshots of the buyer's pages for a person to look at (test-results/screenshots, not kept in
 * git): home, a category and a bike, on a phone and a laptop, in both themes. The assertions only
 * make sure each shot shows the finished page, not a spinner.
 */

const WIDTHS = [
  { width: 375, height: 812 },
  { width: 1280, height: 800 },
] as const;
const THEMES = ["light", "dark"] as const;

// A still carousel, so two shots of the same page compare.
test.use({ reducedMotion: "reduce" });

/**
 * Scrolls through the page so its lazy images load, as they would for a reader, and resolves once
 * every image has: a full-page shot of grey boxes would hide what the photos do to the layout.
 */
async function loadAllImages(page: Page) {
  const height = await page.evaluate(() => document.documentElement.scrollHeight);
  const step = page.viewportSize()!.height;
  for (let y = 0; y < height; y += step) await page.mouse.wheel(0, step);
  await expect
    .poll(() =>
      page.evaluate(() => [...document.images].every((img) => img.complete && img.naturalWidth > 0)),
    )
    .toBe(true);
  await page.evaluate(() => window.scrollTo(0, 0));
}

for (const theme of THEMES) {
  for (const size of WIDTHS) {
    test(`buyer pages at ${size.width}px, ${theme} theme`, async ({ page, signInAs }) => {
      await page.setViewportSize(size);
      await page.addInitScript((t) => localStorage.setItem("motohaat-theme", t), theme);
      await signInAs("buyer");
      const shoot = async (name: string) => {
        await loadAllImages(page);
        await page.screenshot({
          path: `test-results/screenshots/${name}-${size.width}-${theme}.png`,
          fullPage: true,
        });
      };

      await page.goto("/");
      await expect(page.locator("html")).toHaveAttribute("data-theme", theme);
      await expect(page.getByRole("heading", { name: "Advertised bikes" })).toBeVisible();
      await shoot("home");

      await page.goto("/products/sports");
      await expect(page.getByRole("article").first()).toBeVisible();
      await shoot("category");

      const res = await page.request.get("/api/listings?category=sports");
      const { items } = (await res.json()) as ListingsPage;
      await page.goto(`/products/productdetails/${items[0]!.id}`);
      await expect(page.getByRole("heading", { level: 1, name: items[0]!.model })).toBeVisible();
      await shoot("details");
    });
  }
}
