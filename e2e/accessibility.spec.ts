import AxeBuilder from "@axe-core/playwright";
import type { Page } from "@playwright/test";
import type { ListingsPage } from "#shared/schemas/listings.ts";
import { expect, test } from "./fixtures.ts";

async function expectNoSeriousViolations(page: Page) {
  await expect(page.getByRole("contentinfo")).toBeVisible();
  await page.waitForLoadState("networkidle");
  const results = await new AxeBuilder({ page })
    .withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa"])
    .analyze();
  const serious = results.violations
    .filter((v) => v.impact === "serious" || v.impact === "critical")
    .map((v) => ({
      rule: v.id,
      impact: v.impact,
      help: v.help,
      nodes: v.nodes.slice(0, 5).map((n) => `${n.target.join(" ")}: ${n.failureSummary ?? ""}`),
    }));
  expect(serious, JSON.stringify(serious, null, 2)).toEqual([]);
}

/** A list of bikes, then the page of the first bike the API lists for it: each with no serious violation. */
async function expectListAndBikeClean(page: Page, listPath: string, listingsUrl: string) {
  await page.goto(listPath);
  await expect(page.getByRole("article").first()).toBeVisible();
  await expectNoSeriousViolations(page);
  const res = await page.request.get(listingsUrl);
  const [bike] = ((await res.json()) as ListingsPage).items;
  await page.goto(`/products/productdetails/${bike!.id}`);
  await expect(page.getByRole("heading", { level: 1, name: bike!.model })).toBeVisible();
  await expectNoSeriousViolations(page);
}

for (const theme of ["light", "dark"] as const) {
  test.describe(`${theme} theme`, () => {
    test.beforeEach(async ({ page }) => {
      await page.addInitScript((t) => localStorage.setItem("motohaat-theme", t), theme);
    });

    for (const path of ["/", "/signin", "/signup", "/privacy"]) {
      test(`${path} has no serious or critical axe violations`, async ({ page }) => {
        await page.goto(path);
        await expect(page.locator("html")).toHaveAttribute("data-theme", theme);
        await expectNoSeriousViolations(page);
      });
    }

    // A phone's text is smaller (the wordmark is 18 px there, under WCAG's "large"), and Bangla's words
    // are longer: both are checked where they differ from a laptop in English.
    for (const locale of ["en-GB", "bn-BD"]) {
      test(`on a 375 px phone in ${locale}, home, a category and a bike's page have no serious or critical axe violations`, async ({
        browser,
        baseURL,
      }) => {
        const context = await browser.newContext({ baseURL, locale, viewport: { width: 375, height: 812 } });
        await context.addInitScript((t) => localStorage.setItem("motohaat-theme", t), theme);
        const phone = await context.newPage();
        await phone.goto("/");
        await expect(phone.locator("html")).toHaveAttribute("lang", locale.slice(0, 2));
        await expectNoSeriousViolations(phone);
        await expectListAndBikeClean(phone, "/products/all", "/api/listings?limit=1");
        await context.close();
      });
    }

    test("the focus ring of an indigo button stands out 3:1 from what surrounds it", async ({ page }) => {
      await page.goto("/");
      await expect(page.locator("html")).toHaveAttribute("data-theme", theme);
      const button = page.getByRole("search", { name: "All bikes" }).getByRole("button");
      await expect(button).toHaveClass(/btn-primary/);
      await page.keyboard.press("Tab");
      await button.focus();
      const ring = await button.evaluate((el) => {
        // Any CSS colour (oklch included) as sRGB, through a canvas pixel.
        const canvas = document.createElement("canvas");
        canvas.width = 1;
        canvas.height = 1;
        const ctx = canvas.getContext("2d", { willReadFrequently: true })!;
        const rgb = (color: string) => {
          ctx.clearRect(0, 0, 1, 1);
          ctx.fillStyle = color;
          ctx.fillRect(0, 0, 1, 1);
          return [...ctx.getImageData(0, 0, 1, 1).data.slice(0, 3)];
        };
        const luminance = (color: string) => {
          const [r = 0, g = 0, b = 0] = rgb(color).map((v) => {
            const c = v / 255;
            return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
          });
          return 0.2126 * r + 0.7152 * g + 0.0722 * b;
        };
        const contrast = (a: string, b: string) => {
          const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x);
          return (hi! + 0.05) / (lo! + 0.05);
        };
        // What the ring is drawn on: the first ancestor with a background.
        let parent = el.parentElement;
        let behind = "rgb(255, 255, 255)";
        while (parent) {
          const bg = getComputedStyle(parent).backgroundColor;
          if (bg !== "rgba(0, 0, 0, 0)" && bg !== "transparent") {
            behind = bg;
            break;
          }
          parent = parent.parentElement;
        }
        const style = getComputedStyle(el);
        return {
          focusVisible: el.matches(":focus-visible"),
          width: Number.parseFloat(style.outlineWidth),
          offset: Number.parseFloat(style.outlineOffset),
          style: style.outlineStyle,
          againstBackground: contrast(style.outlineColor, behind),
          againstButton: contrast(style.outlineColor, style.backgroundColor),
        };
      });
      expect(ring.focusVisible).toBe(true);
      expect(ring.style).toBe("solid");
      expect(ring.width).toBeGreaterThanOrEqual(2);
      // Drawn apart from the button (the page shows between), so what it must stand out from is the page.
      expect(ring.offset).toBeGreaterThanOrEqual(2);
      expect(ring.againstBackground, JSON.stringify(ring)).toBeGreaterThanOrEqual(3);
    });

    test("a buyer's category and bike pages have no serious or critical axe violations", async ({
      page,
      signInAs,
    }) => {
      await signInAs("buyer");
      await expectListAndBikeClean(page, "/products/sports", "/api/listings?category=sports");
    });

    test("a seller's dashboard overview and profile (with Delete account) have no serious or critical axe violations", async ({
      page,
      signInAs,
    }) => {
      await signInAs("seller");
      await page.goto("/dashboard");
      // The four counts have come.
      await expect(page.getByRole("region", { name: "Your next steps" }).getByText(/^\d+$/)).toHaveCount(4);
      await expectNoSeriousViolations(page);
      await page.goto("/dashboard/profile");
      await expect(page.getByRole("region", { name: "Delete your account" })).toBeVisible();
      await expectNoSeriousViolations(page);
    });

    test("a seller's My buyers and My products have no serious or critical axe violations", async ({
      page,
      signInAs,
    }) => {
      await signInAs("seller");
      // The demo seller's bikes have held and paid bookings.
      await page.goto("/dashboard/mybuyers");
      await expect(page.getByRole("article").first()).toBeVisible();
      await expectNoSeriousViolations(page);
      await page.goto("/dashboard/myproducts");
      await expect(page.getByRole("article").first()).toBeVisible();
      await expectNoSeriousViolations(page);
    });

    test("an admin's All sellers, All buyers and its verify dialog have no serious or critical axe violations", async ({
      page,
      signInAs,
    }) => {
      await signInAs("admin");
      await page.goto("/dashboard/allsellers");
      await expect(page.getByRole("row").nth(1)).toBeVisible();
      await expectNoSeriousViolations(page);
      await page
        .getByRole("button", { name: /^verify / })
        .first()
        .click();
      await expect(page.getByRole("dialog")).toBeVisible();
      await expectNoSeriousViolations(page);
      await page.getByRole("dialog").getByRole("button", { name: "Cancel" }).click();
      await page.goto("/dashboard/allbuyers");
      await expect(page.getByRole("row").nth(1)).toBeVisible();
      await expectNoSeriousViolations(page);
    });
  });
}
