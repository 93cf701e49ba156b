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
      for (const item of MENUS[role]) {
        await expect(page.getByRole("link", { name: item, exact: true })).toBeVisible();
      }
      const others = Object.entries(MENUS).flatMap(([r, items]) => (r === role ? [] : items));
      for (const item of others) {
        await expect(page.getByRole("link", { name: item, exact: true, includeHidden: true })).toHaveCount(0);
      }
    });
  }

  test("on a 375px screen the menu stays hidden until the menu button opens it", async ({
    page,
    signInAs,
  }) => {
    await page.setViewportSize({ width: 375, height: 740 });
    await signInAs("seller");
    await page.goto("/dashboard");
    const menuButton = page.getByRole("button", { name: "Open dashboard menu" });
    await expect(menuButton).toBeVisible();
    // A closed drawer may leave the accessibility tree, so look it up hidden or not.
    const item = page.getByRole("link", { name: "My products", exact: true, includeHidden: true });
    await expect(item).toBeAttached();
    await expect.poll(() => onScreen(item)).toBe(false);

    await menuButton.click();
    await expect.poll(() => onScreen(item)).toBe(true);
    await page.getByRole("link", { name: "My products", exact: true }).click();
    await expect(page).toHaveURL(atPath("/dashboard/myproducts"));
  });

  test("on a 1280px screen the menu is always open", async ({ page, signInAs }) => {
    await page.setViewportSize({ width: 1280, height: 800 });
    await signInAs("seller");
    await page.goto("/dashboard");
    for (const item of MENUS.seller) {
      const link = page.getByRole("link", { name: item, exact: true });
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
