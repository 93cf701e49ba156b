import { TALK_MSG } from "#shared/talk-messages.ts";
import { expect, postListing, tag, test } from "./fixtures.ts";

/**
 * Messages (issue 21): a buyer asks from a bike's page; the seller, in their own browser context
 * with the conversation open, sees it arrive and answers; the answer reaches the buyer's open
 * conversation. Nothing is reloaded: the event stream brings each message. Each test makes its own
 * seller, bike and buyer: parallel workers share one server.
 */

test("a buyer asks from a bike's page and the seller, in another browser, sees it and answers", async ({
  newAccount,
}) => {
  const seller = await newAccount("seller", `Seller ${tag()}`);
  const model = `Talk Bike ${tag()}`;
  const listing = await postListing(seller, { model, askingPrice: 150_000 });
  const buyer = await newAccount("buyer", `Buyer ${tag()}`);

  // The seller opens Messages before anything is written: the list is empty.
  await seller.page.goto("/dashboard/messages");
  await expect(seller.page.getByText(TALK_MSG.conversation.none)).toBeVisible();

  // The buyer writes from the bike's page and lands in the conversation.
  await buyer.page.goto(`/products/productdetails/${listing.id}`);
  await buyer.page.getByRole("button", { name: TALK_MSG.conversation.messageSeller }).click();
  const dialog = buyer.page.getByRole("dialog");
  await dialog.getByLabel(TALK_MSG.conversation.messageLabel).fill("Are the papers clear?");
  await dialog.getByRole("button", { name: TALK_MSG.conversation.send }).click();
  await expect(buyer.page).toHaveURL(/\/dashboard\/messages\/[0-9a-f-]{36}$/);
  await expect(buyer.page.getByText("Are the papers clear?")).toBeVisible();

  // The seller's open list shows it, unread, without a reload.
  const row = seller.page.getByRole("link", { name: new RegExp(model) });
  await expect(row).toBeVisible();
  await expect(row).toContainText("Are the papers clear?");
  await expect(row).toContainText(TALK_MSG.conversation.unread(1));
  await row.click();
  await expect(seller.page.getByText("Are the papers clear?")).toBeVisible();

  // The seller answers with Enter; the buyer's open conversation shows it, without a reload.
  const box = seller.page.getByLabel(TALK_MSG.conversation.messageLabel);
  await box.fill("Yes, all papers are clear.");
  await box.press("Enter");
  await expect(box).toHaveValue("");
  await expect(buyer.page.getByText("Yes, all papers are clear.")).toBeVisible();

  // And a new line from the buyer reaches the seller's open conversation.
  const buyerBox = buyer.page.getByLabel(TALK_MSG.conversation.messageLabel);
  await buyerBox.fill("Can I see it on Friday?");
  await buyer.page.getByRole("button", { name: TALK_MSG.conversation.send, exact: true }).click();
  await expect(seller.page.getByText("Can I see it on Friday?")).toBeVisible();
});
