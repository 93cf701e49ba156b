import type { Page } from "@playwright/test";
import { MSG } from "#shared/messages.ts";
import { atPath, expect, postListing, tag, test } from "./fixtures.ts";

const scrollY = (page: Page) => page.evaluate(() => Math.round(window.scrollY));

test.describe("scroll", () => {
  test("a bike opened from far down the list opens at its top; Back returns to the same place in the list", async ({
    page,
  }) => {
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.goto("/products/all");
    const cards = page.getByRole("article");
    await expect(cards.nth(5)).toBeVisible();

    // Far down the list, as someone who scrolled past a few rows.
    const card = cards.nth(5);
    await card.scrollIntoViewIfNeeded();
    await page.evaluate(() => window.scrollBy(0, 200));
    const listY = await scrollY(page);
    expect(listY).toBeGreaterThan(400);

    const title = card.getByRole("heading");
    const model = (await title.textContent())!.trim();
    await title.getByRole("link").click();
    await expect(page).toHaveURL(/\/products\/productdetails\//);
    await expect(page.getByRole("heading", { level: 1, name: model })).toBeVisible();
    await expect.poll(() => scrollY(page)).toBe(0);

    await page.goBack();
    await expect(page).toHaveURL(atPath("/products/all"));
    await expect.poll(() => scrollY(page)).toBe(listY);

    await page.goForward();
    await expect(page.getByRole("heading", { level: 1, name: model })).toBeVisible();
    await expect.poll(() => scrollY(page)).toBe(0);
  });

  test("on a phone, Back from a bike far down a long list returns to it, without loading every page", async ({
    page,
    newAccount,
  }) => {
    // A list of its own (one brand, 40 bikes): other tests' new bikes do not move it.
    const t = tag();
    const brand = `Longlist${t}`;
    const seller = await newAccount("seller", `Long List ${t}`);
    for (let i = 0; i < 40; i++) await postListing(seller, { brand, model: `Long ${i} ${t}` });
    await page.setViewportSize({ width: 360, height: 740 });
    await page.goto(`/products/all?brand=${brand}`);
    const cards = page.getByRole("article");
    await expect(cards.first()).toBeVisible();
    // Scrolling on loads the second page of bikes by itself.
    await expect(async () => {
      await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
      expect(await cards.count()).toBe(40);
    }).toPass();

    const card = cards.nth(27);
    await card.scrollIntoViewIfNeeded();
    const listY = await scrollY(page);
    expect(listY).toBeGreaterThan(2000);
    const title = card.getByRole("heading");
    const model = (await title.textContent())!.trim();
    await title.getByRole("link").click();
    await expect(page.getByRole("heading", { level: 1, name: model })).toBeVisible();
    await expect.poll(() => scrollY(page)).toBe(0);

    // Back: the same place, the bike left in view (before, the cards not yet drawn counted 58 px short
    // each and Back landed 870 px further down the list).
    await page.goBack();
    await expect(page).toHaveURL(atPath("/products/all"));
    await expect.poll(() => scrollY(page)).toBe(listY);
    await expect(page.getByRole("heading", { name: model })).toBeInViewport();
    await page.waitForLoadState("networkidle");
    expect(await scrollY(page)).toBe(listY);
  });

  test("a page opened from the footer starts at its top, on a phone too", async ({ page }) => {
    await page.setViewportSize({ width: 360, height: 740 });
    await page.goto("/blog");
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    const footer = page.getByRole("contentinfo");
    await footer.getByRole("link", { name: "FAQ" }).scrollIntoViewIfNeeded();
    expect(await scrollY(page)).toBeGreaterThan(300);

    await footer.getByRole("link", { name: "FAQ" }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Frequently asked questions" })).toBeVisible();
    await expect.poll(() => scrollY(page)).toBe(0);
  });

  test("a page opened fresh starts at its top, however far down the tab's last page was; Back returns there", async ({
    page,
  }) => {
    await page.setViewportSize({ width: 360, height: 740 });
    const bottom = async () => {
      await page.waitForLoadState("networkidle");
      await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
      expect(await scrollY(page)).toBeGreaterThan(300);
      return scrollY(page);
    };
    await page.goto("/faq");
    await expect(page.getByRole("heading", { level: 1, name: "Frequently asked questions" })).toBeVisible();
    await bottom();

    // Typed into the address bar: a new document, whose first entry React Router keys as every
    // other document's first entry.
    await page.goto("/privacy");
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    await page.waitForLoadState("networkidle");
    expect(await scrollY(page)).toBe(0);
    const privacyY = await bottom();

    // The same address opened fresh again starts at the top too.
    await page.goto("/faq");
    await expect(page.getByRole("heading", { level: 1, name: "Frequently asked questions" })).toBeVisible();
    await page.waitForLoadState("networkidle");
    expect(await scrollY(page)).toBe(0);

    await page.goBack();
    await expect(page).toHaveURL(atPath("/privacy"));
    await expect.poll(() => scrollY(page)).toBe(privacyY);
  });

  test("on a laptop, a scrolled bike page keeps the top bar's logo above the filters column", async ({
    page,
  }) => {
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.goto("/products/all");
    await page.getByRole("article").first().getByRole("heading").getByRole("link").click();
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    // Scrolled again until it holds: the navigation's own move to the top may land after the first.
    await expect
      .poll(async () => {
        await page.evaluate(() => window.scrollTo(0, 700));
        return scrollY(page);
      })
      .toBeGreaterThan(300);
    const logo = page.getByRole("link", { name: "MotoHaat home" });
    const box = (await logo.boundingBox())!;
    // What a click at the logo's middle would reach: the logo, not the column scrolled under the bar.
    const onTop = await page.evaluate(
      ([x, y]) => document.elementFromPoint(x!, y!)?.closest("a")?.getAttribute("aria-label") ?? null,
      [box.x + box.width / 2, box.y + box.height / 2],
    );
    expect(onTop).toBe("MotoHaat home");
  });

  test("a dashboard page opens at its top, and its menu on a phone is the top bar's one button", async ({
    page,
    signInAs,
  }) => {
    await page.setViewportSize({ width: 360, height: 740 });
    await signInAs("seller");
    await page.goto("/dashboard/myproducts");
    await expect(page.getByRole("heading", { level: 1, name: "My products" })).toBeVisible();
    await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
    expect(await scrollY(page)).toBeGreaterThan(300);

    // One menu button on a phone: the top bar's, which holds the dashboard's pages too.
    await expect(page.getByRole("button", { name: /menu/i })).toHaveCount(1);
    await page.getByRole("button", { name: "Open menu" }).click();
    const menu = page.getByRole("navigation", { name: "Dashboard" });
    await menu.getByRole("link", { name: "My buyers", exact: true }).click();
    await expect(page).toHaveURL(atPath("/dashboard/mybuyers"));
    await expect(page.getByRole("heading", { level: 1, name: "My buyers" })).toBeVisible();
    await expect.poll(() => scrollY(page)).toBe(0);
  });
});

test.describe("toasts", () => {
  test("on a 360 px phone they sit below the top bar, two at most, and leave with the page", async ({
    page,
  }) => {
    await page.setViewportSize({ width: 360, height: 740 });
    await page.goto("/products/all");
    const card = page.getByRole("article").first();
    await card.getByRole("heading").getByRole("link").click();
    const share = page.getByRole("button", { name: "Share" });
    await expect(share).toBeVisible();

    // Counts every toast shown and the most on screen at once, whatever happens between our checks.
    await page.evaluate(() => {
      const seen = new WeakSet<Element>();
      const w = window as unknown as { toastsSeen: number; toastsMax: number };
      w.toastsSeen = 0;
      w.toastsMax = 0;
      new MutationObserver(() => {
        const shown = [...document.querySelectorAll(".Toastify__toast")];
        for (const t of shown) {
          if (!seen.has(t)) {
            seen.add(t);
            w.toastsSeen++;
          }
        }
        w.toastsMax = Math.max(
          w.toastsMax,
          shown.filter((t) => t.getAttribute("data-in") !== "false").length,
        );
      }).observe(document.body, { childList: true, subtree: true, attributes: true });
    });
    const counts = () =>
      page.evaluate(() => {
        const w = window as unknown as { toastsSeen: number; toastsMax: number };
        return { seen: w.toastsSeen, max: w.toastsMax };
      });

    // Each press says something (the link copied, or that it could not be): three in a row.
    for (let i = 0; i < 3; i++) await share.click();
    const toasts = page.locator(".Toastify__toast");
    await expect.poll(async () => (await counts()).seen).toBe(2);

    const bar = await page.getByRole("banner").boundingBox();
    for (const toast of await toasts.all()) {
      // Measured where it comes to rest: the entrance bounces past it.
      await toast.evaluate((el) => Promise.all(el.getAnimations().map((a) => a.finished)));
      const box = await toast.boundingBox();
      expect(box!.y).toBeGreaterThanOrEqual(bar!.y + bar!.height);
      expect(box!.x).toBeGreaterThanOrEqual(0);
      expect(box!.x + box!.width).toBeLessThanOrEqual(360);
    }

    // Closing one makes room for the third, which was waiting; never more than two at once.
    await toasts.first().getByRole("button", { name: "close" }).click();
    await expect.poll(async () => (await counts()).seen).toBe(3);
    expect((await counts()).max).toBe(2);

    // Another page: the last page's toasts go with it.
    await page.getByRole("link", { name: "MotoHaat home" }).click();
    await expect(page).toHaveURL(atPath("/"));
    await expect(toasts).toHaveCount(0);
  });

  test("a toast that sends a visitor to another page is still there when it opens", async ({ page }) => {
    await page.setViewportSize({ width: 360, height: 740 });
    await page.goto("/products/all");
    await page.getByRole("article").first().getByRole("heading").getByRole("link").click();
    await page.getByRole("main").getByRole("button", { name: "Book now" }).click();
    await expect(page).toHaveURL(atPath("/signin"));
    await expect(page.getByRole("alert").filter({ hasText: MSG.auth.signInFirst })).toBeVisible();
  });
});
