import AxeBuilder from "@axe-core/playwright";
import { expect, test } from "./fixtures.ts";

for (const theme of ["light", "dark"] as const) {
  for (const path of ["/", "/signin", "/signup"]) {
    test(`${path} in the ${theme} theme has no serious or critical axe violations`, async ({ page }) => {
      await page.addInitScript((t) => localStorage.setItem("motohaat-theme", t), theme);
      await page.goto(path);
      await expect(page.locator("html")).toHaveAttribute("data-theme", theme);
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
    });
  }
}
