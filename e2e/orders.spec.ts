import type { Locator, Page } from "@playwright/test";
import { MSG } from "#shared/messages.ts";
import { atPath, expect, postListing, tag, test } from "./fixtures.ts";

/**
 * Booking, buyers, verification and reports across three people. Every test makes its own seller,
 * bikes and buyer through the API: parallel workers share one server, and a demo bike may be sold
 * by another test at any moment.
 */

/**
 * Scrolls down a paged list until `target` shows up: other tests may have added rows above it. The
 * list loads its next page by itself as its end comes into view (clicking "Load more" would race
 * that: the button goes away when the last page arrives).
 */
async function findInPagedList(page: Page, target: Locator) {
  const more = page.getByRole("button", { name: /^Load(ing)? more/ });
  // The page may still be fetching its lazily loaded code and first page.
  await expect(target.or(more).first()).toBeVisible({ timeout: 15_000 });
  while (!(await target.isVisible()) && (await more.count()) > 0) {
    await page.mouse.wheel(0, 10_000);
    await expect(page.getByRole("button", { name: "Loading more…" })).toHaveCount(0);
  }
  await expect(target).toBeVisible();
}

const detailsPath = (id: string) => `/products/productdetails/${id}`;

test.describe("booking, buyers and verification", () => {
  test("a buyer books from the details page; the seller sees them; the admin's tick reaches the order", async ({
    newAccount,
    page: adminPage,
    signInAs,
  }) => {
    const seller = await newAccount("seller", `Seller ${tag()}`);
    const model = `Booked Bike ${tag()}`;
    const listing = await postListing(seller, { model });
    const buyer = await newAccount("buyer", `Buyer ${tag()}`);

    // The buyer books it.
    await buyer.page.goto(detailsPath(listing.id));
    await buyer.page.getByRole("button", { name: "Book now" }).click();
    const dialog = buyer.page.getByRole("dialog", { name: `Book ${model}` });
    await expect(dialog).toBeVisible();
    // What the buyer confirms is shown as text, not as fields.
    await expect(dialog).toContainText(model);
    await expect(dialog).toContainText("৳1,50,000");
    await expect(dialog).toContainText(buyer.email);
    await dialog.getByRole("button", { name: "Confirm booking" }).click();
    await expect(dialog.getByText(MSG.order.phoneRequired)).toBeVisible();
    await dialog.getByLabel("Phone").fill("01712-345678");
    await dialog.getByLabel("Meeting location").fill("Dhanmondi 27, Dhaka");
    await dialog.getByRole("button", { name: "Confirm booking" }).click();
    await expect(buyer.page.getByText(MSG.order.booked(model))).toBeVisible();
    await expect(dialog).toBeHidden();
    // Their own booking, not a red Stock Out.
    await expect(buyer.page.getByText(MSG.booking.heldByYou("").trim(), { exact: false })).toBeVisible();
    await expect(buyer.page.getByRole("button", { name: MSG.listing.stockOut })).toHaveCount(0);

    // The seller sees who bought it.
    await seller.page.goto("/dashboard/mybuyers");
    const booking = seller.page.getByRole("article", { name: model });
    await expect(booking).toContainText(buyer.name);
    await expect(booking).toContainText(buyer.email);
    await expect(booking).toContainText("01712-345678");

    // Before verification the order has no tick.
    await buyer.page.goto("/dashboard/myorders");
    const order = buyer.page.getByRole("listitem").filter({ hasText: model });
    await expect(order).toContainText("Dhanmondi 27, Dhaka");
    await expect(order.getByRole("link", { name: `Pay for ${model}` })).toBeVisible();
    await expect(order.getByRole("img", { name: "Verified seller" })).toHaveCount(0);

    // The admin verifies the seller.
    await signInAs("admin");
    await adminPage.goto("/dashboard/allsellers");
    const sellerRow = adminPage.getByRole("row").filter({ hasText: seller.email });
    await findInPagedList(adminPage, sellerRow);
    await sellerRow.getByRole("button", { name: "verify" }).click();
    // Verifying asks first; the row then offers the way back.
    await adminPage
      .getByRole("dialog", { name: MSG.admin.confirmVerifyTitle(seller.name) })
      .getByRole("button", { name: MSG.admin.verify, exact: true })
      .click();
    await expect(adminPage.getByText(MSG.admin.verified)).toBeVisible();
    await expect(sellerRow.getByRole("button", { name: MSG.admin.removeVerification })).toBeVisible();
    await adminPage.reload();
    await findInPagedList(adminPage, sellerRow);
    await expect(sellerRow.getByText("verified", { exact: true })).toBeVisible();
    await expect(sellerRow.getByRole("button", { name: MSG.admin.removeVerification })).toBeVisible();

    // The buyer's order now carries the green tick.
    await buyer.page.reload();
    await expect(order.getByRole("img", { name: "Verified seller" })).toBeVisible();

    // And the admin sees the buyer among all buyers.
    await adminPage.goto("/dashboard/allbuyers");
    await findInPagedList(adminPage, adminPage.getByRole("row").filter({ hasText: buyer.email }));
  });

  test("a buyer reports a bike; the admin reads the reason and dismisses it", async ({
    newAccount,
    page: adminPage,
    signInAs,
  }) => {
    const seller = await newAccount("seller", `Seller ${tag()}`);
    const model = `Reported Bike ${tag()}`;
    const listing = await postListing(seller, { model });
    const buyer = await newAccount("buyer", `Buyer ${tag()}`);
    const reason = `The photo shows a different bike (${tag()})`;

    await buyer.page.goto(detailsPath(listing.id));
    await buyer.page.getByRole("button", { name: "report to admin" }).click();
    const dialog = buyer.page.getByRole("dialog", { name: "Report to admin" });
    await dialog.getByRole("button", { name: "Send report" }).click();
    await expect(dialog.getByText(MSG.report.reasonRequired)).toBeVisible();
    await dialog.getByLabel("Reason").fill(reason);
    await dialog.getByRole("button", { name: "Send report" }).click();
    await expect(buyer.page.getByText(MSG.report.reported)).toBeVisible();
    await expect(buyer.page.getByRole("button", { name: "reported", exact: true })).toBeDisabled();
    // The server remembers: after a reload the button still reads "reported".
    await buyer.page.reload();
    await expect(buyer.page.getByRole("button", { name: "reported", exact: true })).toBeDisabled();

    await signInAs("admin");
    await adminPage.goto("/dashboard/reporteditems");
    const card = adminPage.getByRole("article", { name: model });
    await findInPagedList(adminPage, card);
    await expect(card.getByText("reported", { exact: true })).toBeVisible();
    await expect(card).toContainText(reason);
    await expect(card).toContainText(buyer.name);
    await expect(card).toContainText(buyer.email);
    // The report leads to the bike and to its seller.
    await expect(card.getByRole("link", { name: model })).toHaveAttribute("href", detailsPath(listing.id));
    await expect(card.getByRole("link", { name: seller.name })).toHaveAttribute(
      "href",
      /^\/sellers\/[0-9a-f-]{36}$/,
    );
    await expect(card.getByRole("link", { name: seller.email })).toHaveAttribute(
      "href",
      `mailto:${seller.email}`,
    );
    await card.getByRole("button", { name: "dismiss" }).click();
    await expect(card).toHaveCount(0);
    await adminPage.reload();
    await expect(adminPage.getByRole("heading", { name: "Reported items", exact: true })).toBeVisible();
    await expect(card).toHaveCount(0);
  });

  test("a signed-out visitor who presses Book signs in and comes back to the bike, its booking form open", async ({
    newAccount,
    page,
  }) => {
    const seller = await newAccount("seller", `Seller ${tag()}`);
    const model = `Advertised Bike ${tag()}`;
    const listing = await postListing(seller, { model, advertise: true });
    const buyer = await newAccount("buyer", `Buyer ${tag()}`);

    await page.goto("/");
    // The advertised card of our bike: the innermost item that names it and offers Book now.
    const card = page
      .locator("article, li")
      .filter({ hasText: model })
      .filter({ has: page.getByRole("button", { name: "Book now" }) })
      .last();
    await card.getByRole("button", { name: "Book now" }).click();
    await expect(page.getByText(MSG.auth.signInFirst)).toBeVisible();
    await expect(page).toHaveURL(atPath("/signin"));
    // Issue 11: the way back is the bike's own page, with its booking form open.
    expect(new URL(page.url()).searchParams.get("from")).toBe(`${detailsPath(listing.id)}?book=1`);

    await page.getByLabel("Email", { exact: true }).fill(buyer.email);
    await page.getByLabel("Password", { exact: true }).fill(buyer.password);
    await page.getByRole("button", { name: "Sign In", exact: true }).click();
    await expect(page).toHaveURL(atPath(detailsPath(listing.id)));
    await expect(page.getByRole("dialog", { name: `Book ${model}` })).toBeVisible();
    await expect(page.getByRole("dialog")).toContainText(buyer.email);
  });
});
