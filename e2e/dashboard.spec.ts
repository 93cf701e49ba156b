import type { Locator } from "@playwright/test";
import { atPath, expect, test } from "./fixtures.ts";

/**
 * Whether a person could see the element: rendered, not transparent or `visibility: hidden`, and
 * at least partly inside the window. (A closed drawer may be hidden either way, or both.)
 */
function onScreen(locator: Locator) {
  return locator.evaluate((el) => {
    if (!el.checkVisibility({ opacityProperty: true, visibilityProperty: true })) return false;
    const r = el.getBoundingClientRect();
    return r.right > 0 && r.bottom > 0 && r.left < window.innerWidth && r.top < window.innerHeight;
  });
}

const MENUS = {
  buyer: ["My orders"],
  seller: ["Add a product", "My products", "My buyers"],
  admin: ["All sellers", "All buyers", "Reported items"],
} as const;

test.describe("dashboard menu", () => {
  for (const role of ["buyer", "seller", "admin"] as const) {
    test(`${role === "admin" ? "an" : "a"} ${role} sees exactly the ${role} menu`, async ({
      page,
      signInAs,
    }) => {
      await signInAs(role);
      await page.goto("/dashboard");
      // The overview's cards link to some of the same pages: the menu is the Dashboard navigation.
      const menu = page.getByRole("navigation", { name: "Dashboard" });
      for (const item of MENUS[role]) {
        await expect(menu.getByRole("link", { name: item, exact: true })).toBeVisible();
      }
      const others = Object.entries(MENUS).flatMap(([r, items]) => (r === role ? [] : items));
      for (const item of others) {
        await expect(page.getByRole("link", { name: item, exact: true, includeHidden: true })).toHaveCount(0);
      }
    });
  }

  test("on a 375px screen the dashboard's pages are in the top bar's one menu, hidden until it opens", async ({
    page,
    signInAs,
  }) => {
    await page.setViewportSize({ width: 375, height: 740 });
    await signInAs("seller");
    await page.goto("/dashboard");
    await expect(page.getByRole("heading", { level: 1, name: /Welcome/ })).toBeVisible();
    // One menu button: no second one for the dashboard.
    await expect(page.getByRole("button", { name: /menu/i })).toHaveCount(1);
    const menu = page.getByRole("navigation", { name: "Dashboard" });
    await expect(menu).toHaveCount(0);

    await page.getByRole("banner").getByRole("button", { name: "Open menu" }).click();
    await expect(menu).toHaveCount(1);
    await expect(menu.getByRole("link", { name: "Overview" })).toBeVisible();
    await expect
      .poll(() => onScreen(menu.getByRole("link", { name: "My products", exact: true })))
      .toBe(true);
    await menu.getByRole("link", { name: "My products", exact: true }).click();
    await expect(page).toHaveURL(atPath("/dashboard/myproducts"));
    await expect(menu).toBeHidden();
  });

  test("on a 1280px screen the menu is always open", async ({ page, signInAs }) => {
    await page.setViewportSize({ width: 1280, height: 800 });
    await signInAs("seller");
    await page.goto("/dashboard");
    for (const item of MENUS.seller) {
      const link = page
        .getByRole("navigation", { name: "Dashboard" })
        .getByRole("link", { name: item, exact: true });
      await expect(link).toBeVisible();
      await expect.poll(() => onScreen(link)).toBe(true);
    }
  });
});

test.describe("top bar", () => {
  test("Products is offered to buyers only", async ({ page, signInAs }) => {
    const topBar = page.getByRole("banner");
    await signInAs("buyer");
    await page.goto("/");
    await expect(topBar.getByRole("link", { name: "Products", exact: true })).toBeVisible();

    await signInAs("seller");
    await page.reload();
    await expect(topBar.getByRole("link", { name: "Dashboard", exact: true })).toBeVisible();
    await expect(
      topBar.getByRole("link", { name: "Products", exact: true, includeHidden: true }),
    ).toHaveCount(0);
  });

  test("a signed-out visitor sees the public links and Sign Up / Sign In", async ({ page }) => {
    const topBar = page.getByRole("banner");
    await page.goto("/");
    for (const name of ["Home", "Blog", "About Us", "Contact Us", "Sign Up", "Sign In"]) {
      await expect(topBar.getByRole("link", { name, exact: true })).toBeVisible();
    }
    for (const name of ["Dashboard", "Products"]) {
      await expect(topBar.getByRole("link", { name, exact: true, includeHidden: true })).toHaveCount(0);
    }
    await expect(
      topBar.getByRole("button", { name: "Sign Out", exact: true, includeHidden: true }),
    ).toHaveCount(0);
  });
});
