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

for (const role of ["buyer", "seller"] as const) {
  test(`a signed-in ${role}'s top bar fits 360px with Messages, the bell and the photo whole`, async ({
    newAccount,
  }) => {
    const { page, name } = await newAccount(role, `Rafi ${role}`);
    await page.setViewportSize({ width: 360, height: 740 });
    await page.goto("/dashboard");
    const photo = page.getByRole("banner").getByRole("img", { name });
    await expect(page.getByRole("button", { name: /^Notifications/ })).toBeVisible();
    await expect(page.getByRole("banner").getByRole("link", { name: /^Messages/ })).toBeVisible();
    await expect(photo).toBeVisible();
    await page.waitForLoadState("networkidle");
    // A squeezed photo is an oval (the bar ran out of room) and a cut one ends past the edge.
    const box = (await photo.boundingBox())!;
    expect(Math.round(box.width)).toBe(Math.round(box.height));
    expect(box.x + box.width).toBeLessThanOrEqual(360);
    const scrollWidth = await page.evaluate(() => document.documentElement.scrollWidth);
    expect(scrollWidth).toBeLessThanOrEqual(360);
  });
}

test("an admin's seller table keeps each seller's verification on screen at 360px", async ({
  page,
  signInAs,
}) => {
  await signInAs("admin");
  await page.goto("/dashboard/allsellers");
  const table = page.getByRole("table", { name: "Every seller on MotoHaat" });
  const firstRow = table.getByRole("row").nth(1);
  await expect(firstRow).toBeVisible();
  // The columns between scroll sideways inside the table; the actions column stays put.
  await expect(firstRow.getByRole("cell").last().getByRole("button")).toBeInViewport({ ratio: 1 });
  await expect(table.getByRole("columnheader", { name: "Verification" })).toBeInViewport({ ratio: 1 });
});

test("on a 360px phone the home page offers search in its first screen, categories and bikes in its first two", async ({
  page,
}) => {
  await page.goto("/");
  const search = page.getByRole("search", { name: "All bikes" });
  await expect(search).toBeVisible();
  const screenHeight = 740;
  const searchBox = (await search.boundingBox())!;
  expect(searchBox.y + searchBox.height).toBeLessThanOrEqual(screenHeight);
  const categories = page.getByRole("heading", { name: "Browse by category" });
  const firstBike = page.getByRole("region", { name: "Advertised bikes" }).getByRole("article").first();
  await expect(firstBike).toBeVisible();
  await page.waitForLoadState("networkidle");
  expect((await page.getByRole("link", { name: "All bikes" }).boundingBox())!.y).toBeLessThan(
    2 * screenHeight,
  );
  expect((await categories.boundingBox())!.y).toBeLessThan(2 * screenHeight);
  expect((await firstBike.boundingBox())!.y).toBeLessThan(2 * screenHeight);
});
