import { MSG } from "#shared/messages.ts";
import type { Order } from "#shared/schemas/orders.ts";
import { TALK_MSG } from "#shared/talk-messages.ts";
import { expect, postListing, tag, test } from "./fixtures.ts";

const nextYear = String((new Date().getFullYear() + 1) % 100).padStart(2, "0");

test.describe("rating a seller", () => {
  test.describe.configure({ timeout: 90_000 });

  test("a buyer pays by card, rates the seller, and the average shows on the seller's page and card", async ({
    newAccount,
  }) => {
    const [seller, buyer] = await Promise.all([
      newAccount("seller", `Seller ${tag()}`),
      newAccount("buyer", `Buyer ${tag()}`),
    ]);
    const model = `Rated Bike ${tag()}`;
    const listing = await postListing(seller, { model });
    const other = await postListing(seller, { model: `Still For Sale ${tag()}` });
    const res = await buyer.page.request.post("/api/orders", {
      headers: { origin: buyer.origin },
      data: { listingId: listing.id, phone: "01712-345678", meetingLocation: "Banani 11, Dhaka" },
    });
    expect(res.status(), await res.text()).toBe(201);
    const { order } = (await res.json()) as { order: Order };
    const { page } = buyer;

    // Pay in the test provider.
    await page.goto(`/dashboard/payment/${order.id}`);
    const form = page.getByRole("form", { name: "Card details" });
    await form.getByLabel("Card number").fill("4242424242424242");
    await form.getByLabel("Expiry (MM/YY)").fill(`12/${nextYear}`);
    await form.getByLabel("CVC").fill("123");
    await form.getByRole("button", { name: /^Pay ৳/ }).click();
    await expect(page.getByRole("status").filter({ hasText: "Payment successful." })).toBeVisible();

    // Rate from My orders.
    await page.goto("/dashboard/myorders");
    const card = page.getByRole("article", { name: model });
    const rating = card.getByRole("form", { name: TALK_MSG.review.rateTitle });
    // The fourth star: its label (the radio itself is visually hidden behind the star).
    await rating
      .locator("label", { has: page.getByRole("radio", { name: MSG.rating.starLabel(4) }) })
      .click();
    await expect(rating.getByRole("radio", { name: MSG.rating.starLabel(4) })).toBeChecked();
    await rating.getByLabel(TALK_MSG.review.commentLabel).fill("Papers were clear, fair price");
    await rating.getByRole("button", { name: TALK_MSG.review.submit }).click();
    await expect(page.getByText(TALK_MSG.review.thanks)).toBeVisible();
    await expect(card.getByText(TALK_MSG.review.youRated(MSG.rating.starLabel(4)))).toBeVisible();

    // The seller's page: the average and the rating itself.
    await page.goto(`/sellers/${order.listing.seller.id}`);
    await expect(page.getByText(MSG.rating.average("4", 1)).first()).toBeAttached();
    await expect(page.getByText("Papers were clear, fair price")).toBeVisible();
    // A card of another bike of theirs carries it too.
    const otherCard = page.getByRole("article", { name: other.model });
    await expect(otherCard.getByText(MSG.rating.average("4", 1))).toBeAttached();
  });
});
