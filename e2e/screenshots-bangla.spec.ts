import type { Page } from "@playwright/test";
import { TALK_MSG } from "#shared/talk-messages.ts";
import { LISTING_FORMS_TEXT } from "#web/texts/listing-forms.ts";
import { PLACES_TEXT } from "#web/texts/places.ts";
import { inBangla } from "./bangla-texts.ts";
import { expect, loadAllImages, postListing, SCREEN_SIZES, THEMES, tag, test } from "./fixtures.ts";

/**
 * Issue 25's screenshots for a person to look at (test-results/screenshots, not kept in git): home, a
 * category, a bike's page, the Add Product form and Messages in Bangla, on a phone and a laptop, in both
 * themes. The assertions make sure each shot is the finished page, in Bangla, and that nothing is wider
 * than the screen (Bangla words are longer than English ones).
 */

const talk = inBangla(TALK_MSG);
const forms = inBangla(LISTING_FORMS_TEXT).listingForms;
const places = inBangla(PLACES_TEXT).places;

test.use({ reducedMotion: "reduce", locale: "bn-BD" });

/** Nothing is wider than the screen: no sideways scrolling, no word cut off by the window's edge. */
async function expectNoOverflow(page: Page) {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow, "the page is wider than the screen").toBeLessThanOrEqual(0);
}

for (const theme of THEMES) {
  for (const size of SCREEN_SIZES) {
    test(`Bangla pages at ${size.width}px, ${theme} theme`, async ({ newAccount }) => {
      const seller = await newAccount("seller", `করিম মোটরস ${tag()}`);
      const model = `Pulsar N160 ${tag()}`;
      const listing = await postListing(seller, { model, category: "sports", askingPrice: 168_000 });
      const buyer = await newAccount("buyer", `নাদিয়া ${tag()}`);
      for (const { page } of [seller, buyer]) {
        await page.setViewportSize(size);
        await page.addInitScript((t) => localStorage.setItem("motohaat-theme", t), theme);
        await page.context().setExtraHTTPHeaders({ "accept-language": "bn-BD,bn;q=0.9" });
      }
      const shoot = async (page: Page, name: string) => {
        await expect(page.locator("html")).toHaveAttribute("lang", "bn");
        await expect(page.locator("html")).toHaveAttribute("data-theme", theme);
        await loadAllImages(page);
        await expectNoOverflow(page);
        await page.screenshot({
          path: `test-results/screenshots/bangla-${name}-${size.width}-${theme}.png`,
          fullPage: true,
        });
      };
      const { page } = buyer;

      await page.goto("/");
      await expect(page.getByRole("article").first()).toBeVisible();
      await shoot(page, "home");

      await page.goto("/products/sports");
      await expect(page.getByRole("heading", { level: 1 })).toHaveText(places.category.sports);
      await expect(page.getByRole("article").first()).toBeVisible();
      await shoot(page, "category");

      await page.goto(`/products/productdetails/${listing.id}`);
      await expect(page.getByRole("heading", { level: 1, name: model })).toBeVisible();
      await expect(page.getByText("৳১,৬৮,০০০").first()).toBeVisible();
      await shoot(page, "details");

      // The buyer asks about it; the conversation, then the list of them.
      await page.getByRole("button", { name: talk.conversation.messageSeller }).click();
      const dialog = page.getByRole("dialog");
      await dialog.getByLabel(talk.conversation.messageLabel).fill("কাগজপত্র ঠিক আছে? শেষ দাম কত?");
      await dialog.getByRole("button", { name: talk.conversation.send }).click();
      await expect(page).toHaveURL(/\/dashboard\/messages\/[0-9a-f-]{36}$/);
      await expect(page.getByText("কাগজপত্র ঠিক আছে? শেষ দাম কত?")).toBeVisible();
      await shoot(page, "conversation");
      await page.goto("/dashboard/messages");
      await expect(page.getByRole("link", { name: new RegExp(model) })).toBeVisible();
      await shoot(page, "conversations");

      await seller.page.goto("/dashboard/addproduct");
      await expect(seller.page.getByRole("heading", { level: 1, name: forms.addPage.heading })).toBeVisible();
      await expect(seller.page.getByRole("button", { name: forms.addPage.submit })).toBeVisible();
      await shoot(seller.page, "add-product");
    });
  }
}
