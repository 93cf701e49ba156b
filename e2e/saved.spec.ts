import { MSG } from "#shared/messages.ts";
import { expect, postListing, tag, test } from "./fixtures.ts";

test.describe("saved bikes", () => {
  test.describe.configure({ timeout: 60_000 });

  test("a buyer saves a bike from its page and finds it under Saved, then unsaves it from there", async ({
    newAccount,
  }) => {
    const [seller, buyer] = await Promise.all([
      newAccount("seller", `Seller ${tag()}`),
      newAccount("buyer", `Buyer ${tag()}`),
    ]);
    const model = `Saved Bike ${tag()}`;
    const listing = await postListing(seller, { model });
    const { page } = buyer;

    await page.goto(`/products/productdetails/${listing.id}`);
    const heart = page.getByRole("button", { name: MSG.saved.save(model) });
    await expect(heart).toHaveAttribute("aria-pressed", "false");
    await heart.click();
    await expect(heart).toHaveAttribute("aria-pressed", "true");
    await expect(page.getByText(MSG.saved.savedToast(model))).toBeVisible();

    await page.goto("/dashboard/saved");
    await expect(page.getByRole("heading", { name: MSG.saved.pageTitle, level: 1 })).toBeVisible();
    const card = page.getByRole("article", { name: model });
    await expect(card).toBeVisible();
    const savedHeart = card.getByRole("button", { name: MSG.saved.save(model) });
    await expect(savedHeart).toHaveAttribute("aria-pressed", "true");

    await savedHeart.click();
    await expect(page.getByText(MSG.saved.unsavedToast(model))).toBeVisible();
    await expect(page.getByRole("heading", { name: MSG.saved.empty })).toBeVisible();
  });
});
