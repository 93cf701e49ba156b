import fs from "node:fs/promises";
import path from "node:path";
import { simpleParser } from "mailparser";
import { MSG } from "#shared/messages.ts";
import { TALK_MSG } from "#shared/talk-messages.ts";
import { expect, postListing, tag, test } from "./fixtures.ts";

/**
 * Issue 21, notifications: a buyer books a seller's bike; the seller's email arrives through the real
 * SMTP server global-setup.ts starts (sent by the outbox's worker, decision 023), with one-click
 * unsubscribe, and the seller's bell shows the booking. Fresh accounts: other workers share the server.
 */
const mailDir = process.env.E2E_MAIL_DIR;

async function mailTo(email: string, subject: string) {
  let found: Awaited<ReturnType<typeof simpleParser>> | undefined;
  await expect
    .poll(
      async () => {
        for (const name of (await fs.readdir(mailDir!)).filter((f) => f.endsWith(".eml"))) {
          const mail = await simpleParser(await fs.readFile(path.join(mailDir!, name)));
          const to = mail.to && !Array.isArray(mail.to) ? mail.to.value.map((a) => a.address) : [];
          if (to.includes(email) && mail.subject === subject) found = mail;
        }
        return found !== undefined;
      },
      { message: `"${subject}" to ${email}`, timeout: 20_000 },
    )
    .toBe(true);
  return found!;
}

test.describe("notifications", () => {
  test.skip(!mailDir, "needs the SMTP server that e2e/global-setup.ts starts with its own app server");

  test("a booking emails the seller through SMTP and rings the seller's bell", async ({ newAccount }) => {
    test.slow(); // Two sign-ups, an upload and two browsers on a two-core machine.
    const seller = await newAccount("seller", `Seller ${tag()}`);
    const model = `Bell Bike ${tag()}`;
    const listing = await postListing(seller, { model });
    const buyer = await newAccount("buyer", `Buyer ${tag()}`);

    await buyer.page.goto(`/products/productdetails/${listing.id}`);
    await buyer.page.getByRole("button", { name: "Book now" }).click();
    const dialog = buyer.page.getByRole("dialog", { name: `Book ${model}` });
    await dialog.getByLabel("Phone").fill("+880 1712-345678");
    await dialog.getByLabel("Meeting location").fill("Dhanmondi 27, Dhaka");
    await dialog.getByRole("button", { name: "Confirm booking" }).click();
    await expect(buyer.page.getByText(MSG.order.booked(model))).toBeVisible();

    const mail = await mailTo(seller.email, TALK_MSG.notification.bookedTitle(model));
    expect(mail.text).toContain(buyer.name);
    expect(mail.text).toContain("Dhanmondi 27, Dhaka");
    expect(mail.text).toContain("৳1,50,000");
    expect(mail.html).toContain(model);
    // mailparser folds List-* headers into its own shape: read the lines as sent.
    const headers = mail.headerLines.map((h) => h.line.replace(/\r?\n\s+/g, " ")).join("\n");
    expect(headers).toContain("List-Unsubscribe-Post: List-Unsubscribe=One-Click");
    expect(headers).toMatch(/List-Unsubscribe: <https?:\/\/\S+\/api\/notifications\/unsubscribe\?token=/);

    await seller.page.goto("/dashboard");
    const bell = seller.page.getByRole("button", { name: /^Notifications, \d+ unread$/ });
    await expect(bell).toBeVisible();
    await bell.click();
    await expect(
      seller.page.getByRole("region", { name: TALK_MSG.notification.pageTitle }).getByRole("link", {
        name: new RegExp(TALK_MSG.notification.bookedTitle(model)),
      }),
    ).toBeVisible();

    // The email's unsubscribe link switches that kind off and says so.
    const link = mail.text?.match(/https?:\/\/\S+\/unsubscribe\?token=\S+/)?.[0];
    expect(link).toBeTruthy();
    await seller.page.goto(new URL(link!).pathname + new URL(link!).search);
    await expect(
      seller.page.getByText(TALK_MSG.notification.unsubscribed("One of my bikes is booked")),
    ).toBeVisible();
  });
});
