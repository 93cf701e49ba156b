import { MONEY_MSG } from "#shared/money-messages.ts";
import { bookBike, expect, payByCard, postListing, tag, test } from "./fixtures.ts";

/**
 * Issue 23, items 2 and 5 in the browser: a buyer who paid by card reports a problem instead of
 * confirming the handover and an admin refunds them with a note both read; an admin pays a seller what
 * is owed and the seller reads it on their statement. Booking and paying go through the API.
 */

test.describe("the money after the payment", () => {
  // Two sign-ups, an upload and a payment come first, on a two-core machine.
  test.describe.configure({ timeout: 90_000 });

  test("a buyer reports a problem with the handover and an admin refunds them", async ({
    newAccount,
    page: adminPage,
    signInAs,
  }) => {
    const [seller, buyer] = await Promise.all([
      newAccount("seller", `Seller ${tag()}`),
      newAccount("buyer", `Buyer ${tag()}`),
    ]);
    const model = `Disputed Bike ${tag()}`;
    const listing = await postListing(seller, { model });
    await payByCard(buyer, await bookBike(buyer, listing.id));

    const { page } = buyer;
    await page.goto("/dashboard/myorders");
    const card = page.getByRole("article", { name: model });
    await card.getByRole("button", { name: MONEY_MSG.dispute.report }).click();
    const form = page.getByRole("dialog", { name: MONEY_MSG.dispute.formTitle(model) });
    await form.getByRole("radio", { name: MONEY_MSG.dispute.reasons.not_handed_over }).check();
    await form
      .getByLabel(MONEY_MSG.dispute.descriptionLabel)
      .fill("We agreed to meet at Banani 11 at noon; the seller never came and stopped answering.");
    await form.getByRole("button", { name: MONEY_MSG.dispute.submit }).click();
    await expect(page.getByText(MONEY_MSG.dispute.submitted)).toBeVisible();
    await expect(card).toContainText("You reported a problem on");
    await expect(card.getByRole("button", { name: MONEY_MSG.handover.confirm })).toHaveCount(0);

    // The seller reads it on My buyers.
    await seller.page.goto("/dashboard/mybuyers");
    await expect(
      seller.page.getByText(MONEY_MSG.dispute.sellerOpen("The handover did not happen")),
    ).toBeVisible();

    // An admin finds it beside the reports, reads both sides, and refunds with a note.
    await signInAs("admin");
    await adminPage.goto("/dashboard");
    await adminPage.getByRole("link", { name: "Handover disputes" }).first().click();
    const dispute = adminPage.getByRole("article", { name: model });
    await expect(dispute).toContainText(buyer.email);
    await expect(dispute).toContainText(seller.email);
    await expect(dispute).toContainText("the seller never came");
    await dispute.getByRole("button", { name: MONEY_MSG.dispute.refund("৳1,50,000") }).click();
    const decide = adminPage.getByRole("dialog", { name: MONEY_MSG.dispute.decideTitle(model) });
    const note = "The seller confirmed on the phone that he sold the bike elsewhere.";
    await decide.getByLabel(MONEY_MSG.dispute.noteLabel).fill(note);
    await decide.getByRole("button", { name: MONEY_MSG.dispute.refund("৳1,50,000") }).click();
    await expect(adminPage.getByText(MONEY_MSG.dispute.decided.refund)).toBeVisible();
    await expect(adminPage.getByRole("article", { name: model })).toHaveCount(0);

    // Both read the decision and the note.
    await page.reload();
    await expect(card).toContainText(MONEY_MSG.dispute.buyerRefunded("৳1,50,000"));
    await expect(card).toContainText(MONEY_MSG.dispute.adminNote(note));
    await seller.page.goto("/dashboard/earnings");
    await expect(seller.page.getByLabel("Balance")).toContainText(`${MONEY_MSG.earnings.held}৳0`);
    await expect(
      seller.page.getByRole("list", { name: "Movements of your money" }).getByRole("listitem").first(),
    ).toContainText(MONEY_MSG.earnings.kind.refunded);
  });

  test("an admin records a payout and the seller sees it on their statement", async ({
    newAccount,
    page: adminPage,
    signInAs,
  }) => {
    const [seller, buyer] = await Promise.all([
      newAccount("seller", `Payee ${tag()}`),
      newAccount("buyer", `Buyer ${tag()}`),
    ]);
    const listing = await postListing(seller, { model: `Paid Out Bike ${tag()}` });
    const order = await payByCard(buyer, await bookBike(buyer, listing.id));
    const handover = await buyer.page.request.post(`/api/orders/${order.id}/handover`, {
      headers: { origin: buyer.origin },
    });
    expect(handover.status(), await handover.text()).toBe(200);
    const details = await seller.page.request.put("/api/me/payout-details", {
      headers: { origin: seller.origin },
      data: { method: "bkash", walletNumber: "01712-345678" },
    });
    expect(details.status(), await details.text()).toBe(200);

    await signInAs("admin");
    await adminPage.goto("/dashboard/payouts");
    const card = adminPage.getByRole("article", { name: seller.name });
    await expect(card).toContainText("৳1,50,000");
    await expect(card).toContainText("bKash 01712-345678");
    await card.getByRole("button", { name: MONEY_MSG.payouts.recordTitle(seller.name) }).click();
    const dialog = adminPage.getByRole("dialog", { name: MONEY_MSG.payouts.recordTitle(seller.name) });
    await expect(dialog.getByLabel(MONEY_MSG.payouts.amountLabel)).toHaveValue("150000");
    const reference = `BK${tag().toUpperCase()}`;
    await dialog.getByLabel(MONEY_MSG.payouts.referenceLabel).fill(reference);
    await dialog.getByRole("button", { name: MONEY_MSG.payouts.record }).click();
    await expect(adminPage.getByText(MONEY_MSG.payouts.recorded("৳1,50,000", seller.name))).toBeVisible();
    await expect(adminPage.getByRole("article", { name: seller.name })).toHaveCount(0);
    await expect(
      adminPage.getByText(MONEY_MSG.moneyLog.reference(reference), { exact: false }),
    ).toBeVisible();

    await seller.page.goto("/dashboard/earnings");
    await expect(seller.page.getByLabel("Balance")).toContainText(`${MONEY_MSG.earnings.paidOut}৳1,50,000`);
    const line = seller.page
      .getByRole("list", { name: "Movements of your money" })
      .getByRole("listitem")
      .first();
    await expect(line).toContainText(MONEY_MSG.earnings.kind.paid_out);
    await expect(line).toContainText(MONEY_MSG.moneyLog.reference(reference));
  });
});
