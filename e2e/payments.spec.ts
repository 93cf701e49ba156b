import { MSG } from "#shared/messages.ts";
import { MONEY_MSG } from "#shared/money-messages.ts";
import type { Order } from "#shared/schemas/orders.ts";
import { type Account, atPath, expect, postListing, tag, test } from "./fixtures.ts";

/**
 * Paying by card with the built-in test-mode processor (the server's default provider). Each test
 * makes its own seller, bike and buyer, and books through the API: booking is not what is under test.
 */

type NewAccount = (role: "buyer" | "seller", name: string) => Promise<Account>;

/** The Pay button names the amount: the bike's asking price, ৳1,50,000. */
const PAY = MSG.payment.payAmount("৳1,50,000");

const nextYear = String((new Date().getFullYear() + 1) % 100).padStart(2, "0");

/** A fresh seller's bike, booked by a fresh buyer. */
async function bookFreshBike(newAccount: NewAccount) {
  const [seller, buyer] = await Promise.all([
    newAccount("seller", `Seller ${tag()}`),
    newAccount("buyer", `Buyer ${tag()}`),
  ]);
  const model = `Paid Bike ${tag()}`;
  const listing = await postListing(seller, { model });
  const res = await buyer.page.request.post("/api/orders", {
    headers: { origin: buyer.origin },
    data: { listingId: listing.id, phone: "01712-345678", meetingLocation: "Banani 11, Dhaka" },
  });
  expect(res.status(), await res.text()).toBe(201);
  const { order } = (await res.json()) as { order: Order };
  return { seller, buyer, model, order };
}

async function payWith(buyer: Account, number: string) {
  const form = buyer.page.getByRole("form", { name: "Card details" });
  await form.getByLabel("Card number").fill(number);
  await form.getByLabel("Expiry (MM/YY)").fill(`12/${nextYear}`);
  await form.getByLabel("CVC").fill("123");
  await form.getByRole("button", { name: PAY }).click();
}

test.describe("paying for an order by card", () => {
  // Two sign-ups and a photo upload come before the payment itself; on a busy two-core machine
  // that alone can take most of the default 30 s.
  test.describe.configure({ timeout: 60_000 });

  test("a buyer pays with 4242 4242 4242 4242, sees the payment id, and confirms the handover in My orders", async ({
    newAccount,
  }) => {
    const { seller, buyer, model, order } = await bookFreshBike(newAccount);
    const { page } = buyer;

    await page.goto("/dashboard/myorders");
    const card = page.getByRole("article", { name: model });
    await card.getByRole("link", { name: `Pay for ${model}` }).click();
    await expect(page).toHaveURL(atPath(`/dashboard/payment/${order.id}`));

    const summary = page.getByRole("article", { name: "Your order" });
    await expect(summary).toContainText(model);
    await expect(summary).toContainText("Yamaha");
    await expect(summary).toContainText("৳1,50,000");

    // The number is grouped as it is typed, and the button says what will be charged.
    const number = page.getByRole("form", { name: "Card details" }).getByLabel("Card number");
    await number.pressSequentially("424242424");
    await expect(number).toHaveValue("4242 4242 4");
    await expect(page.getByRole("button", { name: PAY })).toBeVisible();

    await payWith(buyer, "4242424242424242");
    await expect(page.getByRole("status").filter({ hasText: "Payment successful." })).toBeVisible();
    // The receipt: the provider's payment id, the amount, the date, the bike and its seller.
    const receipt = page.getByRole("region", { name: "Receipt" });
    await expect(receipt).toContainText(/Payment id\s*pi_test_[0-9a-f]+/);
    await expect(receipt).toContainText(/Amount\s*৳1,50,000/);
    await expect(receipt).toContainText(model);
    await expect(page.getByRole("button", { name: "Paid" })).toBeDisabled();
    await expect(page.getByRole("button", { name: /^Pay ৳/ })).toHaveCount(0);

    // Back through the menu, without a reload: the list already knows.
    await page.getByRole("link", { name: "My orders" }).click();
    await expect(page).toHaveURL(atPath("/dashboard/myorders"));
    // MotoHaat holds the money until the handover (issue 23): the buyer confirms once they have the bike.
    await expect(card).toContainText("Paid — MotoHaat holds your money until the handover.");
    await expect(card.getByRole("region", { name: "Receipt" })).toContainText(/Payment id\s*pi_test_/);
    await expect(card.getByRole("link", { name: `Pay for ${model}` })).toHaveCount(0);
    await card.getByRole("button", { name: MONEY_MSG.handover.confirm }).click();
    const dialog = page.getByRole("dialog", { name: MONEY_MSG.handover.confirmTitle(model) });
    await dialog.getByRole("button", { name: MONEY_MSG.handover.confirm }).click();
    await expect(page.getByText(MONEY_MSG.handover.confirmed)).toBeVisible();
    await expect(card.getByText(MONEY_MSG.handover.buyerReleased)).toBeVisible();
    await expect(card.getByRole("button", { name: MONEY_MSG.handover.confirm })).toHaveCount(0);

    // The seller's earnings show the money: released to them, nothing held (no fee by default).
    await seller.page.goto("/dashboard/earnings");
    const balance = seller.page.getByLabel("Balance");
    await expect(balance).toContainText(`${MONEY_MSG.earnings.available}৳1,50,000`);
    await expect(balance).toContainText(`${MONEY_MSG.earnings.held}৳0`);
    const statement = seller.page.getByRole("list", { name: "Movements of your money" });
    await expect(statement.getByRole("listitem").first()).toContainText(MONEY_MSG.earnings.kind.released);
    await expect(statement.getByRole("listitem").first()).toContainText(model);

    // And the server agrees: a fresh load of the payment page says Paid too.
    await page.goto(`/dashboard/payment/${order.id}`);
    await expect(page.getByRole("status").filter({ hasText: "This order is paid." })).toBeVisible();
    await expect(page.getByRole("button", { name: "Paid" })).toBeDisabled();
  });

  test("a declined card shows the provider's message in red and the order stays unpaid", async ({
    newAccount,
  }) => {
    const { buyer, model, order } = await bookFreshBike(newAccount);
    const { page } = buyer;

    await page.goto(`/dashboard/payment/${order.id}`);
    // Nothing typed: the first field to fix gets focus.
    await page.getByRole("button", { name: PAY }).click();
    await expect(page.getByLabel("Card number")).toBeFocused();
    await payWith(buyer, "4000 0000 0000 0002");
    const declined = page.getByRole("alert").filter({ hasText: MSG.payment.declined });
    await expect(declined).toBeVisible();
    await expect(declined).toHaveClass(/text-error/);
    await expect(page.getByRole("button", { name: PAY })).toBeEnabled();
    await expect(page.getByRole("button", { name: "Paid" })).toHaveCount(0);

    await page.goto("/dashboard/myorders");
    const card = page.getByRole("article", { name: model });
    await expect(card.getByRole("link", { name: `Pay for ${model}` })).toBeVisible();
    await expect(card.getByRole("region", { name: "Receipt" })).toHaveCount(0);
  });

  test("another buyer's order is not theirs to pay", async ({ newAccount }) => {
    const [{ order }, other] = await Promise.all([
      bookFreshBike(newAccount),
      newAccount("buyer", `Buyer ${tag()}`),
    ]);

    await other.page.goto(`/dashboard/payment/${order.id}`);
    await expect(other.page.getByRole("heading", { name: "This order is not yours to pay" })).toBeVisible();
    await expect(other.page.getByText(MSG.order.notYours)).toBeVisible();
    await expect(other.page.getByLabel("Card number")).toHaveCount(0);
  });
});
