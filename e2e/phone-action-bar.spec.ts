import { MSG } from "#shared/messages.ts";
import { atPath, expect, postListing, tag, test } from "./fixtures.ts";

/**
 * On a phone a bike's actions sit far below its photos and facts: its price and main action stay at
 * the bottom of the screen until they are reached (issue 22, item 9).
 */

const phone = { width: 360, height: 740 };

test("on a phone, a bike's price and Book now stay on screen until its actions are reached", async ({
  newAccount,
}) => {
  const seller = await newAccount("seller", `Seller ${tag()}`);
  const model = `Sticky Bike ${tag()}`;
  const listing = await postListing(seller, { model, askingPrice: 150000 });
  const buyer = await newAccount("buyer", `Buyer ${tag()}`);
  const { page } = buyer;
  await page.setViewportSize(phone);

  await page.goto(`/products/productdetails/${listing.id}`);
  const bar = page.getByRole("complementary", { name: "Price and booking" });
  await expect(bar).toBeInViewport();
  await expect(bar).toContainText(model);
  await expect(bar).toContainText("৳1,50,000");
  // The page's own Book now is further down, out of sight.
  const actionsBook = page.getByRole("main").getByRole("button", { name: "Book now" });
  await expect(actionsBook).not.toBeInViewport();

  // The bar's Book now opens the page's one booking form.
  await bar.getByRole("button", { name: "Book now" }).click();
  const dialog = page.getByRole("dialog", { name: `Book ${model}` });
  await expect(dialog).toBeVisible();
  await dialog.getByRole("button", { name: "Cancel" }).click();
  await expect(dialog).toBeHidden();

  // Reaching the actions, the bar goes: the page's own buttons are there.
  await actionsBook.scrollIntoViewIfNeeded();
  await expect(actionsBook).toBeInViewport();
  await expect(bar).toBeHidden();
  // And comes back when the reader scrolls up to the photos again.
  await page.evaluate(() => window.scrollTo(0, 0));
  await expect(bar).toBeInViewport();
});

test("a signed-out visitor's Book now in the bar asks them to sign in, and brings them back to the form", async ({
  page,
  newAccount,
}) => {
  const seller = await newAccount("seller", `Seller ${tag()}`);
  const model = `Sticky Visit ${tag()}`;
  const listing = await postListing(seller, { model });
  await page.setViewportSize(phone);
  await page.goto(`/products/productdetails/${listing.id}`);

  const bar = page.getByRole("complementary", { name: "Price and booking" });
  await bar.getByRole("button", { name: "Book now" }).click();
  await expect(page).toHaveURL(atPath("/signin"));
  await expect(page.getByRole("alert").filter({ hasText: MSG.auth.signInFirst })).toBeVisible();
  expect(new URL(page.url()).searchParams.get("from")).toBe(`/products/productdetails/${listing.id}?book=1`);
});

test("on a laptop there is no bar: the actions are beside the photos", async ({ page, newAccount }) => {
  const seller = await newAccount("seller", `Seller ${tag()}`);
  const model = `Wide Bike ${tag()}`;
  const listing = await postListing(seller, { model });
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto(`/products/productdetails/${listing.id}`);
  await expect(page.getByRole("heading", { level: 1, name: model })).toBeVisible();
  await expect(page.getByRole("button", { name: "Book now" })).toHaveCount(1);
  await expect(page.getByRole("complementary", { name: "Price and booking" })).toBeHidden();
});
