import { MSG } from "#shared/messages.ts";
import type { Order } from "#shared/schemas/orders.ts";
import { atPath, expect, postListing, tag, test } from "./fixtures.ts";

/**
 * The API out of reach while the pages stay: every `/api/` request aborted by the browser, as on a
 * network that drops. What a person sees is a banner, not an error page or a sign-in form, and the
 * page comes back by itself once the API answers again.
 */

const nextYear = String((new Date().getFullYear() + 1) % 100).padStart(2, "0");

test.describe("a bad network", () => {
  // Sign-ups and a photo upload first, then the banner's back-off (1, 2, 4, 8 s…) to wait through.
  test.describe.configure({ timeout: 90_000 });

  test("a signed-in buyer who reloads while the API is unreachable stays signed in and gets the page back", async ({
    newAccount,
  }) => {
    const buyer = await newAccount("buyer", `Buyer ${tag()}`);
    const { page } = buyer;
    await page.goto("/dashboard/myorders");
    await expect(page.getByRole("heading", { name: "My orders" })).toBeVisible();

    let sessionReads = 0;
    await page.route("**/api/**", (route) => {
      if (new URL(route.request().url()).pathname === "/api/auth/me") sessionReads += 1;
      return route.abort();
    });
    await page.reload();

    const banner = page.getByRole("alert").filter({ hasText: MSG.network.banner });
    await expect(banner).toBeVisible();
    // The session's first read and its three retries have all failed: still here, not at sign-in.
    await expect.poll(() => sessionReads, { timeout: 20_000 }).toBeGreaterThanOrEqual(4);
    await expect(page).toHaveURL(atPath("/dashboard/myorders"));
    await expect(page.getByRole("link", { name: "Sign In" })).toHaveCount(0);

    await page.unroute("**/api/**");
    // No reload, no click: the banner's own next check finds the API back.
    await expect(page.getByRole("heading", { name: "My orders" })).toBeVisible({ timeout: 40_000 });
    await expect(banner).toBeHidden();
    await expect(page).toHaveURL(atPath("/dashboard/myorders"));
    await expect(page.getByRole("button", { name: "Sign Out" }).first()).toBeVisible();
    await expect(page.getByText("You have no orders yet")).toBeVisible();
  });

  test("booking while offline says it could not reach MotoHaat, and the button works again", async ({
    newAccount,
  }) => {
    const seller = await newAccount("seller", `Seller ${tag()}`);
    const model = `Offline Bike ${tag()}`;
    const listing = await postListing(seller, { model });
    const buyer = await newAccount("buyer", `Buyer ${tag()}`);
    const { page } = buyer;

    await page.goto(`/products/productdetails/${listing.id}`);
    await page.getByRole("button", { name: "Book now" }).click();
    const dialog = page.getByRole("dialog", { name: `Book ${model}` });
    await dialog.getByLabel("Phone").fill("01712-345678");
    await dialog.getByLabel("Meeting location").fill("Dhanmondi 27, Dhaka");

    await page.route("**/api/**", (route) => route.abort());
    const confirm = dialog.getByRole("button", { name: "Confirm booking" });
    await confirm.click();
    await expect(page.getByText(MSG.network.unreachable)).toBeVisible();
    await expect(page.getByRole("alert").filter({ hasText: MSG.network.banner })).toBeVisible();
    await expect(confirm).toBeEnabled();
    await expect(dialog.getByLabel("Meeting location")).toHaveValue("Dhanmondi 27, Dhaka");

    await page.unroute("**/api/**");
    await confirm.click();
    await expect(page.getByText(MSG.order.booked(model))).toBeVisible();
  });

  test("a payment whose confirmation is lost says so, then checks: not paid, not charged", async ({
    newAccount,
  }) => {
    const [seller, buyer] = await Promise.all([
      newAccount("seller", `Seller ${tag()}`),
      newAccount("buyer", `Buyer ${tag()}`),
    ]);
    const listing = await postListing(seller, { model: `Unpaid Bike ${tag()}` });
    const res = await buyer.page.request.post("/api/orders", {
      headers: { origin: buyer.origin },
      data: { listingId: listing.id, phone: "01712-345678", meetingLocation: "Banani 11, Dhaka" },
    });
    expect(res.status(), await res.text()).toBe(201);
    const { order } = (await res.json()) as { order: Order };
    const { page } = buyer;

    await page.goto(`/dashboard/payment/${order.id}`);
    const form = page.getByRole("form", { name: "Card details" });
    await form.getByLabel("Card number").fill("4242 4242 4242 4242");
    await form.getByLabel("Expiry (MM/YY)").fill(`12/${nextYear}`);
    await form.getByLabel("CVC").fill("123");
    // The confirmation never reaches the server; the rest of the API still answers.
    await page.route("**/api/payments/confirm", (route) => route.abort());
    await form.getByRole("button", { name: "Pay" }).click();

    // Said at once, then checked as soon as the API answers again (the banner's first check).
    await expect(
      page.getByText(MSG.payment.unconfirmed).or(page.getByText(MSG.payment.notCharged)),
    ).toBeVisible();
    await expect(page.getByText(MSG.payment.notCharged)).toBeVisible({ timeout: 15_000 });
    await expect(form.getByRole("button", { name: "Pay" })).toBeEnabled();

    // Paying again now goes through, once.
    await page.unroute("**/api/payments/confirm");
    await form.getByLabel("Card number").fill("4242 4242 4242 4242");
    await form.getByLabel("Expiry (MM/YY)").fill(`12/${nextYear}`);
    await form.getByLabel("CVC").fill("123");
    await form.getByRole("button", { name: "Pay" }).click();
    await expect(page.getByText("Payment successful.")).toBeVisible();
  });
});
