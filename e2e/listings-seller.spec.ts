import { randomBytes } from "node:crypto";
import { MSG } from "#shared/messages.ts";
import { atPath, drawPhoto, expect, postListing, test } from "./fixtures.ts";

/**
 * The seller's side of listings: posting through the form, advertising, deleting. Each test makes
 * its own seller (and buyer): parallel workers share one server.
 */

const tag = () => randomBytes(3).toString("hex");

test.describe("a seller's listings", () => {
  test("a new seller posts a bike with a photo through the form and finds it in My products", async ({
    newAccount,
  }) => {
    const seller = await newAccount("seller", `Seller ${tag()}`);
    const model = `Posted Bike ${tag()}`;
    const { page } = seller;

    await page.goto("/dashboard/addproduct");
    await expect(page.getByRole("heading", { name: "Add Product" })).toBeVisible();
    await page.getByRole("button", { name: "Add Product" }).click();
    await expect(page.getByText(MSG.listing.photoRequired)).toBeVisible();

    await page.getByLabel("Bike model").fill(model);
    await page.getByLabel("Engine (CC)").fill("155");
    await page.getByLabel("Category").selectOption({ label: "Sports" });
    await page.getByLabel("Brand name").fill("Yamaha");
    await page.getByLabel("Brand new price").fill("245000");
    await page.getByLabel("Asking price").fill("180000");
    await page.getByLabel("Total used").fill("2 years");
    await page.getByLabel("Bike photo").setInputFiles(await drawPhoto(page, "bike.png"));
    await expect(page.getByRole("img", { name: "The bike as chosen, before posting" })).toBeVisible();
    await page.getByRole("button", { name: "Add Product" }).click();

    await expect(page.getByText(MSG.listing.posted)).toBeVisible();
    await expect(page.getByLabel("Bike model")).toHaveValue("");
    await expect(page.getByLabel("Bike photo")).toHaveValue("");
    await expect(page.getByLabel("Category")).toHaveValue("commuter");

    await page
      .getByRole("navigation", { name: "Dashboard" })
      .getByRole("link", { name: "My products" })
      .click();
    await expect(page).toHaveURL(atPath("/dashboard/myproducts"));
    const card = page.getByRole("article", { name: model });
    await expect(card).toContainText("৳1,80,000");
    await expect(card).toContainText("Sports");
    await expect(card).toContainText(MSG.listing.available);
    // The photo went through the server's image pipeline and loads.
    const photo = card.getByRole("img", { name: model });
    await expect.poll(() => photo.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
  });

  test("a seller advertises a bike: the button reads Advertised, and a visitor sees it on the home page", async ({
    newAccount,
    page: visitor,
  }) => {
    const seller = await newAccount("seller", `Seller ${tag()}`);
    const { model } = await postListing(seller, { model: `Advertised Bike ${tag()}` });
    const { page } = seller;

    await page.goto("/dashboard/myproducts");
    const card = page.getByRole("article", { name: model });
    await card.getByRole("button", { name: "Advertise" }).click();
    await expect(page.getByText(MSG.listing.advertised)).toBeVisible();
    await expect(card.getByRole("button", { name: "Advertised" })).toBeDisabled();

    // Someone who is not signed in finds it among the advertised bikes on the home page.
    await visitor.goto("/");
    const advertised = visitor.getByRole("region", { name: "Advertised bikes" });
    await expect(advertised.getByRole("article", { name: model })).toBeVisible();
  });

  test("a sold bike reads Stock Out and can be neither advertised nor deleted", async ({ newAccount }) => {
    const seller = await newAccount("seller", `Seller ${tag()}`);
    const sold = await postListing(seller, { model: `Sold Bike ${tag()}` });
    const buyer = await newAccount("buyer", `Buyer ${tag()}`);
    const booking = await buyer.page.request.post("/api/orders", {
      headers: { origin: buyer.origin },
      data: { listingId: sold.id, phone: "01712-345678", meetingLocation: "Mirpur 10, Dhaka" },
    });
    expect(booking.status(), await booking.text()).toBe(201);
    const { page } = seller;

    await page.goto("/dashboard/myproducts");
    const card = page.getByRole("article", { name: sold.model });
    await expect(card).toContainText(MSG.listing.stockOut);
    await expect(card.getByRole("button", { name: "can't be deleted" })).toBeDisabled();
    await expect(card.getByRole("button", { name: "Advertise" })).toBeDisabled();

    await card.getByRole("link", { name: "Details" }).click();
    await expect(page).toHaveURL(atPath(`/dashboard/myproducts/details/${sold.id}`));
    await expect(page.getByRole("heading", { level: 1, name: sold.model })).toBeVisible();
    await expect(page.getByText(MSG.listing.stockOut)).toBeVisible();
    await expect(page.getByRole("button", { name: "can't be deleted" })).toBeDisabled();
  });

  test("a seller deletes an unsold bike from its card, only after confirming", async ({ newAccount }) => {
    const seller = await newAccount("seller", `Seller ${tag()}`);
    const kept = await postListing(seller, { model: `Kept Bike ${tag()}` });
    const fromCard = await postListing(seller, { model: `Card Bike ${tag()}` });
    const { page } = seller;

    await page.goto("/dashboard/myproducts");
    const card = page.getByRole("article", { name: fromCard.model });
    await card.getByRole("button", { name: "Delete" }).click();
    const dialog = page.getByRole("dialog", { name: `Delete ${fromCard.model}?` });
    await expect(dialog).toContainText(MSG.listing.confirmDelete);
    await dialog.getByRole("button", { name: "Cancel" }).click();
    await expect(dialog).toBeHidden();
    await expect(card).toBeVisible();

    await card.getByRole("button", { name: "Delete" }).click();
    await dialog.getByRole("button", { name: "Delete" }).click();
    await expect(page.getByText(MSG.listing.deleted)).toBeVisible();
    await expect(card).toHaveCount(0);
    await page.reload();
    await expect(page.getByRole("article", { name: kept.model })).toBeVisible();
    await expect(card).toHaveCount(0);
  });

  test("a seller deletes an unsold bike from its details page and is back in My products", async ({
    newAccount,
  }) => {
    const seller = await newAccount("seller", `Seller ${tag()}`);
    const kept = await postListing(seller, { model: `Kept Bike ${tag()}` });
    const fromDetails = await postListing(seller, { model: `Detailed Bike ${tag()}` });
    const { page } = seller;

    await page.goto(`/dashboard/myproducts/details/${fromDetails.id}`);
    await expect(page.getByText(MSG.listing.available)).toBeVisible();
    await page.getByRole("button", { name: "Delete" }).click();
    await page
      .getByRole("dialog", { name: `Delete ${fromDetails.model}?` })
      .getByRole("button", { name: "Delete" })
      .click();
    await expect(page.getByText(MSG.listing.deleted)).toBeVisible();
    await expect(page).toHaveURL(atPath("/dashboard/myproducts"));
    await expect(page.getByRole("article", { name: kept.model })).toBeVisible();
    await expect(page.getByRole("article", { name: fromDetails.model })).toHaveCount(0);
  });
});
