import { MONEY_MSG } from "#shared/money-messages.ts";
import { expect, tag, test } from "./fixtures.ts";

/** Issue 23, item 3: a seller says where to be paid on the profile page, and it is kept. */
test("a seller adds a Nagad number on the profile page, and after a reload it is still there", async ({
  newAccount,
}) => {
  const seller = await newAccount("seller", `Payout Seller ${tag()}`);
  const { page } = seller;
  await page.goto("/dashboard/profile");
  const section = page.getByRole("region", { name: MONEY_MSG.payout.title });
  await expect(section).toContainText(MONEY_MSG.payout.notSet);

  await section.getByRole("radio", { name: "Nagad" }).check();
  const number = section.getByLabel(MONEY_MSG.payout.wallet("Nagad"));
  await number.fill("0181 2345678");
  await section.getByRole("button", { name: MONEY_MSG.payout.save }).click();
  await expect(page.getByText(MONEY_MSG.payout.saved)).toBeVisible();
  await expect(number).toHaveValue("01812-345678");

  await page.reload();
  await expect(section.getByRole("radio", { name: "Nagad" })).toBeChecked();
  await expect(section.getByLabel(MONEY_MSG.payout.wallet("Nagad"))).toHaveValue("01812-345678");
  await expect(section).not.toContainText(MONEY_MSG.payout.notSet);
});
