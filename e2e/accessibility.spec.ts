import AxeBuilder from "@axe-core/playwright";
import type { Page } from "@playwright/test";
import type { ListingsPage } from "#shared/schemas/listings.ts";
import { expect, test } from "./fixtures.ts";

async function expectNoSeriousViolations(page: Page) {
  await expect(page.getByText(/Trusted since 1992/)).toBeVisible();
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

    test("a buyer's category and bike pages have no serious or critical axe violations", async ({
      page,
      signInAs,
    }) => {
      await signInAs("buyer");
      await page.goto("/products/sports");
      await expect(page.getByRole("article").first()).toBeVisible();
      await expectNoSeriousViolations(page);

      const res = await page.request.get("/api/listings?category=sports");
      const [bike] = ((await res.json()) as ListingsPage).items;
      await page.goto(`/products/productdetails/${bike!.id}`);
      await expect(page.getByRole("heading", { level: 1, name: bike!.model })).toBeVisible();
      await expectNoSeriousViolations(page);
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
