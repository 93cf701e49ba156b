import { expect, test } from "./fixtures.ts";

test.use({ viewport: { width: 360, height: 740 } });

for (const path of ["/", "/signin", "/signup", "/blog", "/faq", "/terms", "/privacy", "/cookies"]) {
  test(`${path} fits a 360px screen without sideways scrolling`, async ({ page }) => {
    await page.goto(path);
    await expect(page.getByText(/Trusted since 1992/)).toBeVisible();
    // Late images and data can widen a page, so measure once the page has settled.
    await page.waitForLoadState("networkidle");
    const { scrollWidth, clientWidth } = await page.evaluate(() => ({
      scrollWidth: document.documentElement.scrollWidth,
      clientWidth: document.documentElement.clientWidth,
    }));
    expect(scrollWidth, `page is ${scrollWidth}px wide in a ${clientWidth}px window`).toBeLessThanOrEqual(
      clientWidth,
    );
  });
}
