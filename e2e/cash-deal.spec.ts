import { MSG } from "#shared/messages.ts";
import { TALK_MSG } from "#shared/talk-messages.ts";
import { type Account, expect, postListing, tag, test } from "./fixtures.ts";

/**
 * Cash at the meeting (issue 21): the seller marks a held booking paid in cash, the buyer, in their
 * own browser context, confirms it and reads a receipt that says cash. Each test makes its own
 * seller, bike and buyer: parallel workers share one server.
 */

/** Books the bike as the buyer through the API (the booking form has its own tests). */
async function book(buyer: Account, listingId: string) {
  const res = await buyer.page.request.post("/api/orders", {
    headers: { origin: buyer.origin },
    data: { listingId, phone: "01712 345678", meetingLocation: "Dhanmondi 27, Dhaka" },
  });
  expect(res.status(), await res.text()).toBe(201);
  return (await res.json()).order.id as string;
}

test("a seller marks a cash deal and the buyer confirms it: paid, and the receipt says cash", async ({
  newAccount,
}) => {
  const seller = await newAccount("seller", `Seller ${tag()}`);
  const model = `Cash Bike ${tag()}`;
  const listing = await postListing(seller, { model, askingPrice: 185_000 });
  const buyer = await newAccount("buyer", `Buyer ${tag()}`);
  const orderId = await book(buyer, listing.id);

  // The seller has no phone yet: My buyers asks for one, and the profile takes it.
  await seller.page.goto("/dashboard/mybuyers");
  await seller.page.getByRole("link", { name: TALK_MSG.sellerPhone.addIt }).click();
  await seller.page.getByLabel(TALK_MSG.sellerPhone.label).fill("01812-345678");
  await seller.page.getByRole("button", { name: "Save changes" }).click();
  await expect(seller.page.getByText(MSG.profile.saved)).toBeVisible();

  // The seller marks the booking paid in cash, after confirming.
  await seller.page.goto("/dashboard/mybuyers");
  const card = seller.page.getByRole("article", { name: model });
  await card.getByRole("button", { name: TALK_MSG.cash.markLabel(buyer.name, model) }).click();
  const dialog = seller.page.getByRole("dialog", { name: TALK_MSG.cash.confirmMarkTitle(model) });
  await expect(dialog).toContainText(TALK_MSG.cash.confirmMark(buyer.name, "৳1,85,000"));
  await dialog.getByRole("button", { name: TALK_MSG.cash.mark }).click();
  await expect(seller.page.getByText(TALK_MSG.cash.marked)).toBeVisible();
  await expect(card.getByText(TALK_MSG.cash.waitingForBuyer)).toBeVisible();
  await expect(seller.page.getByText(TALK_MSG.sellerPhone.askForIt)).toHaveCount(0);

  // The buyer, in another browser context, is asked on their order, sees the seller's phone, confirms.
  await buyer.page.goto(`/dashboard/payment/${orderId}`);
  await expect(buyer.page.getByText(TALK_MSG.cash.buyerNotice("৳1,85,000"))).toBeVisible();
  await expect(buyer.page.getByRole("link", { name: "01812-345678" })).toHaveAttribute(
    "href",
    "tel:+8801812345678",
  );
  await buyer.page.getByRole("button", { name: TALK_MSG.cash.yes }).click();
  await expect(buyer.page.getByText(TALK_MSG.cash.confirmed)).toBeVisible();
  const receipt = buyer.page.getByRole("region", { name: "Receipt" });
  await expect(receipt).toContainText(TALK_MSG.cash.cashMethod);
  await expect(receipt).toContainText(`cash:${orderId}`);
  await expect(receipt).toContainText("৳1,85,000");

  // My orders says so too, and the seller's My buyers reads paid in cash.
  await buyer.page.goto("/dashboard/myorders");
  await expect(buyer.page.getByRole("region", { name: "Receipt" }).first()).toContainText(
    TALK_MSG.cash.cashMethod,
  );
  await seller.page.goto("/dashboard/mybuyers");
  await expect(
    seller.page.getByRole("article", { name: model }).getByText(TALK_MSG.cash.paidForSeller),
  ).toBeVisible();
});
