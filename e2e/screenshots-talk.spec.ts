import type { Page } from "@playwright/test";
import { MSG } from "#shared/messages.ts";
import { TALK_MSG } from "#shared/talk-messages.ts";
import { expect, loadAllImages, postListing, SCREEN_SIZES, THEMES, tag, test } from "./fixtures.ts";

/**
 * Screenshots of issue 21's screens for a person to look at (test-results/screenshots, not kept in
 * git): a conversation and the list of conversations, the bell open, and Saved, on a phone and a
 * laptop, in both themes. The assertions only make sure each shot shows the finished page.
 */

for (const theme of THEMES) {
  for (const size of SCREEN_SIZES) {
    test(`talk and trust at ${size.width}px, ${theme} theme`, async ({ newAccount }) => {
      const seller = await newAccount("seller", `Karim ${tag()}`);
      const model = `Pulsar N160 ${tag()}`;
      const listing = await postListing(seller, { model, askingPrice: 168_000 });
      const buyer = await newAccount("buyer", `Nadia ${tag()}`);
      for (const { page } of [seller, buyer]) {
        await page.setViewportSize(size);
        await page.addInitScript((t) => localStorage.setItem("motohaat-theme", t), theme);
      }
      const shoot = async (page: Page, name: string) => {
        await loadAllImages(page, { scroll: false });
        await page.screenshot({
          path: `test-results/screenshots/${name}-${size.width}-${theme}.png`,
          fullPage: true,
        });
      };

      // The buyer saves the bike and asks about it from its page.
      await buyer.page.goto(`/products/productdetails/${listing.id}`);
      await expect(buyer.page.locator("html")).toHaveAttribute("data-theme", theme);
      await buyer.page.getByRole("button", { name: MSG.saved.save(model) }).click();
      await expect(buyer.page.getByRole("button", { name: MSG.saved.save(model) })).toHaveAttribute(
        "aria-pressed",
        "true",
      );
      await buyer.page.getByRole("button", { name: TALK_MSG.conversation.messageSeller }).click();
      const dialog = buyer.page.getByRole("dialog");
      await dialog.getByLabel(TALK_MSG.conversation.messageLabel).fill("Are the papers clear? Last price?");
      await dialog.getByRole("button", { name: TALK_MSG.conversation.send }).click();
      await expect(buyer.page).toHaveURL(/\/dashboard\/messages\/[0-9a-f-]{36}$/);
      const conversation = new URL(buyer.page.url()).pathname;

      // The seller answers from the conversation; the bell holds the news.
      await seller.page.goto(conversation);
      const box = seller.page.getByLabel(TALK_MSG.conversation.messageLabel);
      await box.fill("Yes, blue book and tax token are up to date. 1,60,000 is my last price.");
      await box.press("Enter");
      await expect(buyer.page.getByText("1,60,000 is my last price.")).toBeVisible();
      await shoot(buyer.page, "conversation");

      await buyer.page.goto("/dashboard/messages");
      await expect(buyer.page.getByRole("link", { name: new RegExp(model) })).toBeVisible();
      await shoot(buyer.page, "conversations");

      await buyer.page.goto("/dashboard/saved");
      await expect(buyer.page.getByRole("article", { name: model })).toBeVisible();
      await shoot(buyer.page, "saved");

      await seller.page.goto("/dashboard");
      const bell = seller.page.getByRole("button", { name: /^Notifications/ });
      await bell.click();
      await expect(seller.page.getByText(new RegExp(model)).first()).toBeVisible();
      await seller.page.screenshot({ path: `test-results/screenshots/bell-${size.width}-${theme}.png` });
    });
  }
}
