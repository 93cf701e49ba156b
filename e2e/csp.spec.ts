import type { Locator, Page } from "@playwright/test";
import type { ListingsPage } from "#shared/schemas/listings.ts";
import { type DemoRole, expect, test } from "./fixtures.ts";

/**
 * No page logs a Content Security Policy violation (issue 12, item 5): each blocked inline style,
 * script, image or connection is a console error and a Lighthouse "best practices" failure.
 */

type Violation = { directive: string; blocked: string; source?: string };

declare global {
  interface Window {
    __csp: Violation[];
  }
}

/** Records CSP violations from the console and from `securitypolicyviolation` events. */
function watchCsp(page: Page): string[] {
  const console: string[] = [];
  page.on("console", (message) => {
    if (message.type() === "error" && message.text().includes("Content Security Policy")) {
      console.push(message.text());
    }
  });
  return console;
}

async function expectNoViolation(page: Page, label: string, console: string[]) {
  // Late images and lazy chunks load after the first paint; their violations count too.
  await page.waitForLoadState("networkidle");
  const events = await page.evaluate(() => window.__csp);
  const found = [
    ...events.map((v) => `${v.directive} blocked ${v.blocked}${v.source ? ` (${v.source})` : ""}`),
    ...console,
  ];
  expect(found, `CSP violations on ${label}:\n${found.join("\n")}`).toEqual([]);
}

test.beforeEach(async ({ page }) => {
  await page.addInitScript(() => {
    window.__csp = [];
    document.addEventListener("securitypolicyviolation", (e) => {
      window.__csp.push({
        directive: e.effectiveDirective,
        blocked: e.blockedURI,
        source: e.sourceFile ? `${e.sourceFile}:${e.lineNumber}` : undefined,
      });
    });
  });
});

async function demoBike(page: Page) {
  const res = await page.request.get("/api/listings?limit=1");
  expect(res.ok()).toBe(true);
  const [bike] = ((await res.json()) as ListingsPage).items;
  expect(bike, "the demo data has a bike").toBeDefined();
  return bike!;
}

const h1 = (page: Page) => page.getByRole("heading", { level: 1 }).first();

test("public pages log no CSP violation", async ({ page }) => {
  const bike = await demoBike(page);
  const pages: { label: string; path: string; ready: (page: Page) => Locator }[] = [
    { label: "home", path: "/", ready: h1 },
    { label: "all products", path: "/products/all", ready: (p) => p.getByRole("article").first() },
    {
      label: "a category",
      path: `/products/${bike.category.slug}`,
      ready: (p) => p.getByRole("article").first(),
    },
    {
      label: "a details page",
      path: `/products/productdetails/${bike.id}`,
      ready: (p) => p.getByRole("heading", { level: 1, name: bike.model }),
    },
    { label: "a seller page", path: `/sellers/${bike.seller.id}`, ready: h1 },
    { label: "the blog", path: "/blog", ready: h1 },
    { label: "a blog article", path: "/blog/check-the-papers-before-you-buy", ready: h1 },
    { label: "the FAQ", path: "/faq", ready: h1 },
    { label: "the privacy policy", path: "/privacy", ready: h1 },
    { label: "sign in", path: "/signin", ready: h1 },
    { label: "sign up", path: "/signup", ready: h1 },
  ];
  for (const { label, path, ready } of pages) {
    await test.step(label, async () => {
      const console = watchCsp(page);
      await page.goto(path);
      await expect(ready(page)).toBeVisible();
      await expectNoViolation(page, `${label} (${path})`, console);
      page.removeAllListeners("console");
    });
  }
});

const signedIn: Record<Exclude<DemoRole, "admin">, string[]> = {
  buyer: ["/dashboard", "/dashboard/myorders"],
  seller: ["/dashboard/addproduct", "/dashboard/myproducts"],
};

for (const [role, paths] of Object.entries(signedIn) as [DemoRole, string[]][]) {
  test(`the demo ${role}'s dashboard pages log no CSP violation`, async ({ page, signInAs }) => {
    await signInAs(role);
    for (const path of paths) {
      await test.step(path, async () => {
        const console = watchCsp(page);
        await page.goto(path);
        await expect(page.getByRole("main")).toBeVisible();
        await expect(h1(page)).toBeVisible();
        await expectNoViolation(page, `${role} ${path}`, console);
        page.removeAllListeners("console");
      });
    }
  });
}
