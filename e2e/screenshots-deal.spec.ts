import type { Page } from "@playwright/test";
import { MSG } from "#shared/messages.ts";
import { MONEY_MSG } from "#shared/money-messages.ts";
import {
  bookBike,
  expect,
  loadAllImages,
  payByCard,
  postListing,
  SCREEN_SIZES,
  THEMES,
  tag,
  test,
} from "./fixtures.ts";

/**
 * Issue 13's screens for a person to look at (test-results/screenshots, not kept in git): a bike's
 * page booked by the buyer looking at it, My orders with a held booking and a paid one's receipt, the
 * seller's My buyers and earnings, each one's dashboard overview, and the admins' handover disputes and
 * payouts (issue 23) — on a phone and a laptop, in both themes.
 * The assertions only make sure each shot shows the finished page, not a spinner.
 */

async function shoot(page: Page, name: string) {
  await loadAllImages(page, { scroll: false });
  const { width } = page.viewportSize()!;
  const theme = await page.locator("html").getAttribute("data-theme");
  await page.screenshot({ path: `test-results/screenshots/${name}-${width}-${theme}.png`, fullPage: true });
}

for (const theme of THEMES) {
  for (const size of SCREEN_SIZES) {
    test(`deal pages at ${size.width}px, ${theme} theme`, async ({
      newAccount,
      page: adminPage,
      signInAs,
    }) => {
      test.slow(); // Two sign-ups, two uploads and a payment before the shots, on a two-core machine.
      const [seller, buyer] = await Promise.all([
        newAccount("seller", `Karim Seller ${tag()}`),
        newAccount("buyer", `Rahima Buyer ${tag()}`),
      ]);
      const held = await postListing(seller, { model: `Suzuki Gixxer ${tag()}` });
      const paid = await postListing(seller, { model: `Honda CB Hornet ${tag()}` });
      await bookBike(buyer, held.id);
      await payByCard(buyer, await bookBike(buyer, paid.id));
      // Issue 23: a paid bike whose handover the buyer disputes, and one handed over (owed to the seller).
      const disputed = await postListing(seller, { model: `Bajaj Pulsar ${tag()}` });
      const disputedOrder = await payByCard(buyer, await bookBike(buyer, disputed.id));
      const handedOver = await postListing(seller, { model: `TVS Apache ${tag()}` });
      const handedOverOrder = await payByCard(buyer, await bookBike(buyer, handedOver.id));
      const headers = { origin: buyer.origin };
      for (const [url, data] of [
        [
          `/api/orders/${disputedOrder.id}/dispute`,
          {
            reason: "not_as_described",
            description: "The engine number is not the one on the registration papers.",
          },
        ],
        [`/api/orders/${handedOverOrder.id}/handover`, undefined],
      ] as const) {
        const res = await buyer.page.request.post(url, { headers, data });
        expect(res.status(), await res.text()).toBe(200);
      }
      const details = await seller.page.request.put("/api/me/payout-details", {
        headers: { origin: seller.origin },
        data: {
          method: "bank",
          accountName: seller.name,
          bankName: "Dutch-Bangla Bank",
          branch: "Gulshan",
          accountNumber: "1234567890123",
        },
      });
      expect(details.status(), await details.text()).toBe(200);

      for (const account of [buyer, seller]) {
        await account.page.setViewportSize(size);
        await account.page.addInitScript((t) => localStorage.setItem("motohaat-theme", t), theme);
      }
      const { page } = buyer;

      await page.goto(`/products/productdetails/${held.id}`);
      await expect(page.getByText(MSG.booking.heldByYou("").trim(), { exact: false })).toBeVisible();
      await shoot(page, "deal-booked-details");

      await page.goto("/dashboard/myorders");
      await expect(page.getByRole("region", { name: "Receipt" }).first()).toBeVisible();
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
      await expect(seller.page.getByLabel("Balance")).toContainText(`${MONEY_MSG.earnings.held}৳3,00,000`);
      await shoot(seller.page, "deal-earnings");

      // The admins' side: open disputes, what is owed, and the money log.
      await signInAs("admin");
      await adminPage.setViewportSize(size);
      await adminPage.addInitScript((t) => localStorage.setItem("motohaat-theme", t), theme);
      await adminPage.goto("/dashboard/disputes");
      await expect(adminPage.getByRole("article").first()).toBeVisible();
      await shoot(adminPage, "money-disputes");
      await adminPage.goto("/dashboard/payouts");
      await expect(adminPage.getByRole("article", { name: seller.name })).toBeVisible();
      await expect(adminPage.getByText(/loading/i)).toHaveCount(0);
      await shoot(adminPage, "money-payouts");
    });
  }
}
