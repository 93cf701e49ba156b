import { randomBytes } from "node:crypto";
import { type BrowserContext, test as base, expect, type Page } from "@playwright/test";
import type { CategorySlug } from "#shared/categories.ts";
import type { Listing } from "#shared/schemas/listings.ts";
import type { Order } from "#shared/schemas/orders.ts";
import type { PaymentIntentResponse } from "#shared/schemas/payments.ts";

export { expect };

/** The demo accounts the server seeds with SEED_DEMO=true (listed on /signin). */
export const DEMO = {
  buyer: { email: "buyer@motohaat.test", password: "Buyer!Demo2026", name: "Rahim Uddin" },
  seller: { email: "seller@motohaat.test", password: "Seller!Demo2026", name: "Karim Motors" },
  admin: { email: "admin@motohaat.test", password: "Admin!Demo2026", name: "MotoHaat Admin" },
} as const;

export type DemoRole = keyof typeof DEMO;

/** A short random word that keeps one test's bikes and messages apart from another's. */
export const tag = () => randomBytes(3).toString("hex");

/** The phone and the laptop every screenshot spec shoots at. */
export const SCREEN_SIZES = [
  { width: 375, height: 812 },
  { width: 1280, height: 800 },
] as const;
export const THEMES = ["light", "dark"] as const;

/**
 * Resolves once every image of the page has loaded; with `scroll`, after scrolling through the page so
 * its lazy images load as they would for a reader (then back to the top): a full-page shot of grey
 * boxes would hide what the photos do to the layout.
 */
export async function loadAllImages(page: Page, { scroll = true } = {}) {
  if (scroll) {
    const height = await page.evaluate(() => document.documentElement.scrollHeight);
    const step = page.viewportSize()!.height;
    for (let y = 0; y < height; y += step) await page.mouse.wheel(0, step);
  }
  await expect
    .poll(() =>
      page.evaluate(() => [...document.images].every((img) => img.complete && img.naturalWidth > 0)),
    )
    .toBe(true);
  if (scroll) await page.evaluate(() => window.scrollTo(0, 0));
}

/** An address no other test (or earlier run on the same data dir) has used. */
export function uniqueEmail(label: string): string {
  return `${label}-${Date.now().toString(36)}-${randomBytes(4).toString("hex")}@e2e.motohaat.test`;
}

/** Everything the page prints to the console, and every uncaught error. */
export function consoleOf(page: Page): string[] {
  const lines: string[] = [];
  page.on("console", (m) => {
    // The document of a not-found page is a 404: Chromium says so, and that is what is wanted.
    if (m.text().includes("the server responded with a status of 404")) return;
    lines.push(`${m.type()}: ${m.text()}`);
  });
  page.on("pageerror", (e) => lines.push(`pageerror: ${e.message}`));
  return lines;
}

/** A real PNG, drawn by the browser on a canvas, ready for `setInputFiles`. */
export async function drawPhoto(page: Page, name = "photo.png", background = "#f59e0b") {
  const base64 = await page.evaluate((fill) => {
    const canvas = document.createElement("canvas");
    canvas.width = 96;
    canvas.height = 96;
    const ctx = canvas.getContext("2d")!;
    ctx.fillStyle = fill;
    ctx.fillRect(0, 0, 96, 96);
    ctx.fillStyle = "#1f2937";
    ctx.beginPath();
    ctx.arc(48, 40, 20, 0, Math.PI * 2);
    ctx.fill();
    return canvas.toDataURL("image/png").split(",")[1]!;
  }, background);
  return { name, mimeType: "image/png", buffer: Buffer.from(base64, "base64") };
}

/** A fresh account signed in in its own browser context; `origin` goes on its API mutations. */
export type Account = { name: string; email: string; password: string; page: Page; origin: string };

const PASSWORD = "Bikes!2026";

export const test = base.extend<{
  /** Signs this page's browser context in as a demo account through the API (fast; not what is under test). */
  signInAs: (role: DemoRole) => Promise<void>;
  /** Signs up a fresh account in its own browser context; the contexts close when the test ends. */
  newAccount: (role: "buyer" | "seller", name: string) => Promise<Account>;
}>({
  newAccount: async ({ browser, baseURL }, use) => {
    const contexts: BrowserContext[] = [];
    const origin = new URL(baseURL!).origin;
    await use(async (role, name) => {
      const context = await browser.newContext({ baseURL });
      contexts.push(context);
      const page = await context.newPage();
      const email = uniqueEmail(role);
      const res = await page.request.post("/api/auth/signup", {
        headers: { origin },
        multipart: { name, email, role, password: PASSWORD, photo: await drawPhoto(page, `${role}.png`) },
      });
      expect(res.status(), await res.text()).toBe(201);
      return { name, email, password: PASSWORD, page, origin };
    });
    await Promise.all(contexts.map((c) => c.close()));
  },
  signInAs: async ({ page, baseURL }, use) => {
    await use(async (role) => {
      const { email, password } = DEMO[role];
      const res = await page.request.post("/api/auth/signin", {
        data: { email, password },
        headers: { origin: new URL(baseURL!).origin },
      });
      expect(res.status(), await res.text()).toBe(200);
    });
  },
});

/** Holds every request to `url` until the returned function is called: what it asks for is still on its way. */
export async function holdRequests(page: Page, url: string | RegExp): Promise<() => void> {
  let release = () => {};
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route(url, async (route) => {
    await held;
    await route.continue();
  });
  return release;
}

/** Holds every photo's request until the returned function is called: a page whose photo is still on its way. */
export const holdPhotos = (page: Page) => holdRequests(page, "**/images/**");

/** Waits until two more frames have been drawn (and a task after them). */
export async function twoFrames(page: Page): Promise<void> {
  await page.evaluate(
    () => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(() => setTimeout(done)))),
  );
}

/**
 * Waits until React has taken the page over (hydrateRoot or createRoot marks #root). A page the server
 * rendered shows its buttons before then; a tap on one is kept and carried out only once the page has
 * hydrated (decision 033).
 */
export async function hydrated(page: Page): Promise<void> {
  await page.waitForFunction(() =>
    Object.keys(document.getElementById("root") ?? {}).some((key) => key.startsWith("__reactContainer")),
  );
}

/** Matches a URL by path alone, whatever the host and port. */
export const atPath = (pathname: string) => (url: URL) => url.pathname === pathname;

/** A photo file for `setInputFiles` or a multipart body. */
export type PhotoFile = { name: string; mimeType: string; buffer: Buffer };

/** What a posted bike may say besides its model; the rest are plain, valid values. */
export type ListingOptions = {
  model: string;
  category?: CategorySlug;
  advertise?: boolean;
  brand?: string;
  askingPrice?: number;
  district?: string;
  year?: number;
  kmRun?: number;
  description?: string;
  /** 1 to 8 photos in order (the first is the cover); one drawn photo when not given. */
  photos?: PhotoFile[];
};

/** Posts a bike as `seller` through the API (and advertises it when asked). */
export async function postListing(
  seller: Account,
  {
    model,
    category = "commuter",
    advertise = false,
    brand = "Yamaha",
    askingPrice = 150000,
    district = "dhaka",
    year = 2021,
    kmRun = 18500,
    description,
    photos,
  }: ListingOptions,
): Promise<Listing> {
  const headers = { origin: seller.origin };
  const form = new FormData();
  const fields: Record<string, string> = {
    model,
    engineCc: "150",
    category,
    brand,
    brandNewPrice: "235000",
    askingPrice: String(askingPrice),
    totalUsed: "2 years",
    year: String(year),
    kmRun: String(kmRun),
    district,
    hasRegistration: "true",
    ...(description ? { description } : {}),
  };
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  for (const photo of photos ?? [await drawPhoto(seller.page, "bike.png")]) {
    form.append("photo", new Blob([new Uint8Array(photo.buffer)], { type: photo.mimeType }), photo.name);
  }
  const res = await seller.page.request.post("/api/listings", { headers, multipart: form });
  expect(res.status(), await res.text()).toBe(201);
  const { listing } = (await res.json()) as { listing: Listing };
  if (advertise) {
    const ad = await seller.page.request.post(`/api/listings/${listing.id}/advertise`, { headers });
    expect(ad.ok(), await ad.text()).toBe(true);
  }
  return listing;
}

/** Books a bike as `buyer` through the API (booking is not what the caller tests). */
export async function bookBike(buyer: Account, listingId: string): Promise<Order> {
  const res = await buyer.page.request.post("/api/orders", {
    headers: { origin: buyer.origin },
    data: { listingId, phone: "01712-345678", meetingLocation: "Road 11, Banani, Dhaka" },
  });
  expect(res.status(), await res.text()).toBe(201);
  return ((await res.json()) as { order: Order }).order;
}

/** Pays a booking through the API with the test-mode processor's good card: the form is not under test. */
export async function payByCard(buyer: Account, order: Order): Promise<Order> {
  const headers = { origin: buyer.origin };
  const started = await buyer.page.request.post(`/api/orders/${order.id}/payment-intent`, { headers });
  expect(started.status(), await started.text()).toBe(200);
  const intent = (await started.json()) as PaymentIntentResponse;
  const confirmed = await buyer.page.request.post("/api/payments/confirm", {
    headers,
    data: {
      intentId: intent.intentId,
      clientSecret: intent.clientSecret,
      card: {
        number: "4242424242424242",
        expMonth: 12,
        expYear: (new Date().getFullYear() + 1) % 100,
        cvc: "123",
      },
    },
  });
  expect(confirmed.status(), await confirmed.text()).toBe(200);
  return ((await confirmed.json()) as { order: Order }).order;
}
