import { MSG } from "#shared/messages.ts";
import { type Account, expect, postListing, tag, test } from "./fixtures.ts";

/**
 * The seller's side of a booking (issue 13): My buyers says which bike, who, where and in what state;
 * My products names the buyer; Release gives an unpaid bike back to the market. Every test makes its
 * own seller, bike and buyer: parallel workers share one server.
 */

/** Books the bike as the buyer through the API (the booking form has its own tests). */
async function book(buyer: Account, listingId: string, meetingLocation: string) {
  const res = await buyer.page.request.post("/api/orders", {
    headers: { origin: buyer.origin },
    data: { listingId, phone: "01712 345678", meetingLocation },
  });
  expect(res.status(), await res.text()).toBe(201);
}

test.describe("the seller's bookings", () => {
  test("a seller sees the booking in My buyers with its bike, place and state, and the buyer on My products", async ({
    newAccount,
  }) => {
    const seller = await newAccount("seller", `Seller ${tag()}`);
    const model = `Booked Bike ${tag()}`;
    const listing = await postListing(seller, { model, askingPrice: 185_000 });
    const buyer = await newAccount("buyer", `Buyer ${tag()}`);
    await book(buyer, listing.id, "Dhanmondi 27, Dhaka");

    await seller.page.goto("/dashboard/mybuyers");
    const card = seller.page.getByRole("article", { name: model });
    await expect(card).toBeVisible();
    // The bike: its photo and model, the model linked to the seller's page of it.
    await expect(card.getByRole("link", { name: model })).toHaveAttribute(
      "href",
      `/dashboard/myproducts/details/${listing.id}`,
    );
    await expect(card.locator("img").first()).toBeVisible();
    await expect(card).toContainText("৳1,85,000");
    // Where and in what state.
    await expect(card).toContainText("Dhanmondi 27, Dhaka");
    await expect(card.getByText(/^Held until \d{2}-\w{3}-\d{4}, \d{1,2}:\d{2} [ap]m$/)).toBeVisible();
    // Who, and how to reach them while the booking is live.
    const who = card.getByRole("region", { name: "Buyer" });
    await expect(who).toContainText(buyer.name);
    await expect(who.getByRole("link", { name: buyer.email })).toHaveAttribute(
      "href",
      `mailto:${buyer.email}`,
    );
    await expect(who.getByRole("link", { name: "01712-345678" })).toHaveAttribute(
      "href",
      "tel:+8801712345678",
    );

    // My products names the buyer who holds the bike, and leads back to My buyers.
    await seller.page.goto("/dashboard/myproducts");
    const product = seller.page.getByRole("article", { name: model });
    await expect(product.getByText(MSG.sellerBooking.heldBadge, { exact: true })).toBeVisible();
    const heldFor = product.getByRole("link", { name: new RegExp(`^Held for ${buyer.name} until `) });
    await expect(heldFor).toBeVisible();
    await heldFor.click();
    await expect(seller.page.getByRole("heading", { level: 1, name: "My buyers" })).toBeVisible();
  });

  test("the seller releases an unpaid booking: it reads released, the contact goes, the bike is for sale again", async ({
    newAccount,
  }) => {
    const seller = await newAccount("seller", `Seller ${tag()}`);
    const model = `Released Bike ${tag()}`;
    const listing = await postListing(seller, { model });
    const buyer = await newAccount("buyer", `Buyer ${tag()}`);
    await book(buyer, listing.id, "Agrabad, Chattogram");

    await seller.page.goto("/dashboard/mybuyers");
    const card = seller.page.getByRole("article", { name: model });
    await card.getByRole("button", { name: MSG.sellerBooking.releaseLabel(buyer.name, model) }).click();
    const dialog = seller.page.getByRole("dialog", { name: MSG.sellerBooking.confirmReleaseTitle(model) });
    await expect(dialog).toContainText(MSG.order.confirmRelease(model, buyer.name));
    await dialog.getByRole("button", { name: MSG.sellerBooking.release, exact: true }).click();

    await expect(seller.page.getByText(MSG.order.releasedToSeller(model))).toBeVisible();
    await expect(card.getByText(MSG.sellerBooking.released)).toBeVisible();
    await expect(card.getByText(MSG.sellerBooking.contactEnded)).toBeVisible();
    await expect(card.getByRole("link", { name: buyer.email })).toHaveCount(0);
    await expect(card.getByRole("button", { name: /^Release/ })).toHaveCount(0);

    // Back on the market: the seller's card says Available and names nobody.
    await seller.page.goto("/dashboard/myproducts");
    const product = seller.page.getByRole("article", { name: model });
    await expect(product.getByText(MSG.listing.available, { exact: true })).toBeVisible();
    await expect(product.getByRole("link", { name: /Held for|Sold to/ })).toHaveCount(0);
  });
});
