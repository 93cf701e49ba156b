import { MSG } from "#shared/messages.ts";
import { expect, postListing, tag, test } from "./fixtures.ts";
import { recordShifts, settledShifts } from "./layout-shifts.ts";

/**
 * Issue 13: a booking holds a bike, it does not take it. The buyer who booked sees their booking
 * (pay within…, Pay, Cancel booking) where Book now was; everyone else sees Stock Out; cancelling
 * puts the bike back on sale. Fresh accounts and bike: other workers share the server.
 */

/** "Booked by you — pay within", whatever the hold's length. */
const BOOKED_BY_YOU = MSG.booking.heldByYou("").trim();

test("a buyer books and sees 'Booked by you' while another sees Stock Out; cancelling puts the bike back on sale", async ({
  newAccount,
}) => {
  test.slow(); // Three sign-ups, an upload and two browsers on a two-core machine.
  const seller = await newAccount("seller", `Seller ${tag()}`);
  const model = `Held Bike ${tag()}`;
  const listing = await postListing(seller, { model });
  const [buyer, other] = await Promise.all([
    newAccount("buyer", `Buyer ${tag()}`),
    newAccount("buyer", `Other Buyer ${tag()}`),
  ]);
  const detailsPath = `/products/productdetails/${listing.id}`;
  const { page } = buyer;

  // The booking form shows what is booked as text, and takes a phone in the international form.
  await page.goto(detailsPath);
  await page.getByRole("button", { name: "Book now" }).click();
  const dialog = page.getByRole("dialog", { name: `Book ${model}` });
  await expect(dialog).toContainText(model);
  await expect(dialog).toContainText("৳1,50,000");
  await expect(dialog).toContainText(buyer.name);
  await expect(dialog).toContainText(buyer.email);
  await expect(dialog.getByRole("textbox")).toHaveCount(2);
  await dialog.getByLabel("Phone").fill("017");
  await dialog.getByLabel("Meeting location").fill("Dhanmondi 27, Dhaka");
  await dialog.getByRole("button", { name: "Confirm booking" }).click();
  await expect(dialog.getByText(MSG.order.phoneInvalid)).toBeVisible();
  await dialog.getByLabel("Phone").fill("+880 1712-345678");
  await dialog.getByRole("button", { name: "Confirm booking" }).click();

  // Booked: the product's toast, then the buyer's own booking in Book now's place, focused.
  await expect(page.getByText(MSG.order.booked(model))).toBeVisible();
  await expect(dialog).toBeHidden();
  const booked = page.getByText(BOOKED_BY_YOU, { exact: false });
  await expect(booked).toBeVisible();
  await expect(booked).toBeFocused();
  const bike = page.getByRole("article", { name: model });
  await expect(bike.getByText(MSG.booking.heldBadge, { exact: true })).toBeVisible();
  await expect(page.getByRole("link", { name: `Pay for ${model}` })).toBeVisible();
  await expect(page.getByText(MSG.listing.stockOut)).toHaveCount(0);

  // Anyone else sees the bike taken, and nothing of the booking.
  await other.page.goto(detailsPath);
  await expect(other.page.getByRole("button", { name: MSG.listing.stockOut })).toBeDisabled();
  await expect(other.page.getByText(BOOKED_BY_YOU, { exact: false })).toHaveCount(0);

  // My orders says the same, with the time left.
  await page.goto("/dashboard/myorders");
  const card = page.getByRole("article", { name: model });
  await expect(card.getByText(BOOKED_BY_YOU, { exact: false })).toBeVisible();
  await expect(card.getByRole("button", { name: "Cancel booking" })).toBeVisible();

  // Cancelling asks first; keeping it changes nothing.
  await page.goto(detailsPath);
  await page.getByRole("button", { name: "Cancel booking" }).click();
  const confirm = page.getByRole("dialog", { name: MSG.booking.confirmCancelTitle(model) });
  await expect(confirm).toContainText(MSG.booking.confirmCancel);
  await confirm.getByRole("button", { name: "Keep booking" }).click();
  await expect(confirm).toBeHidden();
  await expect(page.getByText(BOOKED_BY_YOU, { exact: false })).toBeVisible();

  await page.getByRole("button", { name: "Cancel booking" }).click();
  await confirm.getByRole("button", { name: "Cancel booking" }).click();
  await expect(page.getByText(MSG.booking.cancelled(model))).toBeVisible();
  const bookNow = page.getByRole("button", { name: "Book now" });
  await expect(bookNow).toBeEnabled();
  await expect(bookNow).toBeFocused();
  await expect(bike.getByText(MSG.listing.available, { exact: true })).toBeVisible();
  await expect(page.getByText(BOOKED_BY_YOU, { exact: false })).toHaveCount(0);

  // The bike is for sale again for everyone.
  await other.page.reload();
  await expect(other.page.getByRole("button", { name: "Book now" })).toBeEnabled();
  await expect(other.page.getByText(MSG.listing.stockOut)).toHaveCount(0);

  // The order stays in My orders, saying what happened.
  await page.goto("/dashboard/myorders");
  await expect(card.getByText(MSG.booking.cancelledState)).toBeVisible();
  await expect(card.getByRole("link", { name: `Pay for ${model}` })).toHaveCount(0);

  // Booking again, the form offers the phone of the last booking, as people write it.
  await page.goto(detailsPath);
  await page.getByRole("button", { name: "Book now" }).click();
  await expect(dialog.getByLabel("Phone")).toHaveValue("01712-345678");
  await expect(dialog.getByText(MSG.booking.phoneFromLastBooking)).toBeVisible();
});

test.describe("on a phone", () => {
  test.use({
    viewport: { width: 412, height: 823 },
    isMobile: true,
    hasTouch: true,
    deviceScaleFactor: 1.75,
  });

  test("a bike's page its buyer has booked shows the booking in Book now's place without a layout shift", async ({
    newAccount,
    page,
  }) => {
    const seller = await newAccount("seller", `Seller ${tag()}`);
    const model = `Steady Bike ${tag()}`;
    const listing = await postListing(seller, { model });
    const buyer = await newAccount("buyer", `Buyer ${tag()}`);
    const booked = await buyer.page.request.post("/api/orders", {
      headers: { origin: buyer.origin },
      data: { listingId: listing.id, phone: "01712345678", meetingLocation: "Banani 11, Dhaka" },
    });
    expect(booked.status(), await booked.text()).toBe(201);
    // This page, on a phone's screen, as that buyer.
    const signin = await page.request.post("/api/auth/signin", {
      headers: { origin: buyer.origin },
      data: { email: buyer.email, password: buyer.password },
    });
    expect(signin.status(), await signin.text()).toBe(200);

    await recordShifts(page);
    await page.goto(`/products/productdetails/${listing.id}`);
    await expect(page.getByText(BOOKED_BY_YOU, { exact: false })).toBeVisible();
    await expect(page.getByRole("button", { name: "Cancel booking" })).toBeVisible();
    const { total, shifts } = await settledShifts(page);
    expect(total, JSON.stringify(shifts, null, 1)).toBeLessThan(0.01);
  });
});
