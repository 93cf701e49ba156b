import { randomBytes } from "node:crypto";
import type { Page } from "@playwright/test";
import { MSG } from "#shared/messages.ts";
import type { Order } from "#shared/schemas/orders.ts";
import type { PaymentIntentResponse } from "#shared/schemas/payments.ts";
import { type Account, expect, postListing, test } from "./fixtures.ts";

/**
 * Issue 13's screens for a person to look at (test-results/screenshots, not kept in git): a bike's
 * page booked by the buyer looking at it, My orders with a held booking and a paid one's receipt, the
 * seller's My buyers and earnings, and each one's dashboard overview — on a phone and a laptop, in both themes.
 * The assertions only make sure each shot shows the finished page, not a spinner.
 */

const WIDTHS = [
  { width: 375, height: 812 },
  { width: 1280, height: 800 },
] as const;
const THEMES = ["light", "dark"] as const;
const tag = () => randomBytes(3).toString("hex");
const nextYear = (new Date().getFullYear() + 1) % 100;

async function book(buyer: Account, listingId: string): Promise<Order> {
  const res = await buyer.page.request.post("/api/orders", {
    headers: { origin: buyer.origin },
    data: { listingId, phone: "01712-345678", meetingLocation: "Road 11, Banani, Dhaka" },
  });
  expect(res.status(), await res.text()).toBe(201);
  return ((await res.json()) as { order: Order }).order;
}

/** Pays through the API with the test-mode processor's good card: the payment form is not what is shot. */
async function pay(buyer: Account, order: Order) {
  const headers = { origin: buyer.origin };
  const started = await buyer.page.request.post(`/api/orders/${order.id}/payment-intent`, { headers });
  expect(started.status(), await started.text()).toBe(200);
  const intent = (await started.json()) as PaymentIntentResponse;
  const confirmed = await buyer.page.request.post("/api/payments/confirm", {
    headers,
    data: {
      intentId: intent.intentId,
      clientSecret: intent.clientSecret,
      card: { number: "4242424242424242", expMonth: 12, expYear: nextYear, cvc: "123" },
    },
  });
  expect(confirmed.status(), await confirmed.text()).toBe(200);
}

async function shoot(page: Page, name: string) {
  await expect
    .poll(() =>
      page.evaluate(() => [...document.images].every((img) => img.complete && img.naturalWidth > 0)),
    )
    .toBe(true);
  const { width } = page.viewportSize()!;
  const theme = await page.locator("html").getAttribute("data-theme");
  await page.screenshot({ path: `test-results/screenshots/${name}-${width}-${theme}.png`, fullPage: true });
}

for (const theme of THEMES) {
  for (const size of WIDTHS) {
    test(`deal pages at ${size.width}px, ${theme} theme`, async ({ newAccount }) => {
      test.slow(); // Two sign-ups, two uploads and a payment before the shots, on a two-core machine.
      const [seller, buyer] = await Promise.all([
        newAccount("seller", `Karim Seller ${tag()}`),
        newAccount("buyer", `Rahima Buyer ${tag()}`),
      ]);
      const held = await postListing(seller, { model: `Suzuki Gixxer ${tag()}` });
      const paid = await postListing(seller, { model: `Honda CB Hornet ${tag()}` });
      await book(buyer, held.id);
      await pay(buyer, await book(buyer, paid.id));

      for (const account of [buyer, seller]) {
        await account.page.setViewportSize(size);
        await account.page.addInitScript((t) => localStorage.setItem("motohaat-theme", t), theme);
      }
      const { page } = buyer;

      await page.goto(`/products/productdetails/${held.id}`);
      await expect(page.getByText(MSG.booking.heldByYou("").trim(), { exact: false })).toBeVisible();
      await shoot(page, "deal-booked-details");

      await page.goto("/dashboard/myorders");
      await expect(page.getByRole("region", { name: "Receipt" })).toBeVisible();
      await shoot(page, "deal-my-orders");

      await page.goto("/dashboard");
      await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
      await expect(page.getByText(/loading/i)).toHaveCount(0);
      await shoot(page, "deal-overview-buyer");

      await seller.page.goto("/dashboard/mybuyers");
      await expect(seller.page.getByRole("article").first()).toBeVisible();
      await shoot(seller.page, "deal-my-buyers");

      await seller.page.goto("/dashboard");
      await expect(seller.page.getByRole("heading", { level: 1 })).toBeVisible();
      await expect(seller.page.getByText(/loading/i)).toHaveCount(0);
      await shoot(seller.page, "deal-overview-seller");

      // Issue 23: the paid bike's money, held until the handover, on the seller's earnings.
      await seller.page.goto("/dashboard/earnings");
      await expect(seller.page.getByLabel("Balance")).toContainText(`${MSG.earnings.held}৳1,50,000`);
      await shoot(seller.page, "deal-earnings");
    });
  }
}
