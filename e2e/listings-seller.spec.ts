import { MSG } from "#shared/messages.ts";
import type { ListingDetailResponse } from "#shared/schemas/listings.ts";
import { atPath, drawPhoto, expect, postListing, tag, test } from "./fixtures.ts";

/**
 * The seller's side of listings: posting through the form, advertising, deleting. Each test makes
 * its own seller (and buyer): parallel workers share one server.
 */

test.describe("a seller's listings", () => {
  test("a new seller posts a bike with every field and two photos through the form and finds it in My products", async ({
    newAccount,
  }) => {
    const seller = await newAccount("seller", `Seller ${tag()}`);
    const model = `Posted Bike ${tag()}`;
    const { page } = seller;

    await page.goto("/dashboard/addproduct");
    await expect(page.getByRole("heading", { name: "Add Product" })).toBeVisible();
    await page.getByRole("button", { name: "Add Product" }).click();
    await expect(page.getByText(MSG.listing.photoRequired)).toBeVisible();
    // The first field to fill has focus (the radios further down register earlier: not them).
    await expect(page.getByLabel("Bike model")).toBeFocused();

    await page.getByLabel("Bike model").fill(model);
    await page.getByLabel("Brand name").fill("Yamaha");
    await page.getByLabel("Category").selectOption({ label: "Sports" });
    await page.getByLabel("Engine (CC)").fill("155");
    await page.getByLabel("Year").fill("2021");
    await page.getByLabel("Kilometres run").fill("18500");
    await page.getByLabel("Total used").fill("2 years");
    await page.getByLabel("Description (optional)").fill("Serviced every 3,000 km.\nNew tyres.");
    await page.getByLabel("Brand new price").fill("245000");
    await page.getByLabel("Asking price").fill("180000");
    await page.getByRole("group", { name: "Negotiable" }).getByLabel("No").check();
    await page.getByLabel("District").selectOption({ label: "Dhaka" });
    await page.getByLabel("Area (optional)").fill("Mirpur 10");
    await page
      .getByRole("group", { name: "Registration papers (blue book / smart card) present" })
      .getByLabel("Yes")
      .check();
    await page.getByLabel("Tax token valid until (optional)").fill("2027-06");
    await page
      .getByLabel("Bike photos")
      .setInputFiles([await drawPhoto(page, "front.png"), await drawPhoto(page, "side.png", "#0ea5e9")]);
    const chosen = page.getByRole("list", { name: "Chosen photos" });
    await expect(chosen.getByRole("listitem")).toHaveCount(2);
    await expect(chosen.getByRole("listitem", { name: "Photo 1 (cover)" })).toBeVisible();
    await page.getByRole("button", { name: "Add Product" }).click();

    await expect(page.getByText(MSG.listing.posted)).toBeVisible();
    await expect(page.getByLabel("Bike model")).toHaveValue("");
    await expect(page.getByLabel("Year")).toHaveValue("");
    await expect(chosen).toHaveCount(0);
    await expect(page.getByLabel("Category")).toHaveValue("commuter");

    // The toast links to the new bike's page.
    await page.getByRole("link", { name: MSG.listing.viewPosted }).click();
    await expect(page).toHaveURL(/\/products\/productdetails\/[0-9a-f-]{36}$/);
    await expect(page.getByRole("heading", { level: 1, name: model })).toBeVisible();
    await page.goBack();
    await expect(page.getByRole("heading", { name: "Add Product" })).toBeVisible();

    await page
      .getByRole("navigation", { name: "Dashboard" })
      .getByRole("link", { name: "My products" })
      .click();
    await expect(page).toHaveURL(atPath("/dashboard/myproducts"));
    const card = page.getByRole("article", { name: model });
    await expect(card).toContainText("৳1,80,000");
    await expect(card).toContainText("Sports");
    await expect(card).toContainText(MSG.listing.available);
    await expect(card).toContainText("Mirpur 10, Dhaka");
    // The photo went through the server's image pipeline and loads.
    const photo = card.getByRole("img", { name: model });
    await expect.poll(() => photo.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
  });

  test("a seller advertises a bike, a visitor sees it on the home page, and it leaves when the seller stops", async ({
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
    await expect(card.getByText("Advertised", { exact: true })).toBeVisible();

    // Someone who is not signed in finds it among the advertised bikes on the home page.
    await visitor.goto("/");
    const advertised = visitor.getByRole("region", { name: "Advertised bikes" });
    await expect(advertised.getByRole("article", { name: model })).toBeVisible();

    // The seller takes it off the home page again.
    await card.getByRole("button", { name: "Stop ad" }).click();
    await expect(page.getByText(MSG.listing.unadvertised)).toBeVisible();
    await expect(card.getByRole("button", { name: "Advertise" })).toBeEnabled();
    await visitor.reload();
    await expect(visitor.getByRole("heading", { name: "About us" })).toBeVisible();
    await expect(visitor.getByRole("article", { name: model })).toHaveCount(0);
  });

  test("a booked bike reads Held for its buyer, Stock Out on its page, and can be neither advertised nor deleted", async ({
    newAccount,
  }) => {
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
    // A booking holds the bike (issue 13): the card names who holds it, until when.
    await expect(card.getByText(MSG.sellerBooking.heldBadge, { exact: true })).toBeVisible();
    await expect(card).toContainText(`Held for ${buyer.name} until`);
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

  test("a seller edits a bike's price and reorders its photos; its details page shows the new price and cover", async ({
    newAccount,
    page: visitor,
  }) => {
    const seller = await newAccount("seller", `Seller ${tag()}`);
    const { page } = seller;
    const listing = await postListing(seller, {
      model: `Edited Bike ${tag()}`,
      askingPrice: 150000,
      photos: [
        await drawPhoto(page, "front.png", "#f59e0b"),
        await drawPhoto(page, "side.png", "#0ea5e9"),
        await drawPhoto(page, "back.png", "#22c55e"),
      ],
    });
    const { model } = listing;
    const srcsOf = async (request = page.request) => {
      const res = await request.get(`/api/listings/${listing.id}`);
      return ((await res.json()) as ListingDetailResponse).listing.photos.map((p) => p.src);
    };
    const [front, side, back] = await srcsOf();

    await page.goto("/dashboard/myproducts");
    await page.getByRole("article", { name: model }).getByRole("link", { name: "Edit" }).click();
    await expect(page).toHaveURL(atPath(`/dashboard/myproducts/edit/${listing.id}`));
    await expect(page.getByRole("heading", { level: 1, name: "Edit product" })).toBeVisible();
    const price = page.getByLabel("Asking price");
    await expect(price).toHaveValue("150000");
    await price.fill("142500");

    // [front, side, back] → back made the cover → [back, front, side] → side moved left → [back, side, front].
    const chosen = page.getByRole("list", { name: "Chosen photos" });
    const tile = (name: string) => chosen.getByRole("listitem", { name, exact: true });
    await tile("Photo 3").getByRole("button", { name: "Make cover" }).click();
    await expect(tile("Photo 1 (cover)").getByRole("img")).toHaveAttribute("src", back!);
    await tile("Photo 3").getByRole("button", { name: "Move left" }).click();
    for (const [i, src] of [back, side, front].entries()) {
      await expect(tile(i === 0 ? "Photo 1 (cover)" : `Photo ${i + 1}`).getByRole("img")).toHaveAttribute(
        "src",
        src!,
      );
    }
    await page.getByRole("button", { name: "Save changes" }).click();

    await expect(page.getByText(MSG.listing.updated)).toBeVisible();
    await expect(page).toHaveURL(atPath(`/dashboard/myproducts/details/${listing.id}`));
    await expect(page.getByRole("article", { name: model })).toContainText("৳1,42,500");

    // What a buyer sees: the new price, and the new cover first, then the others in their new order.
    await visitor.goto(`/products/productdetails/${listing.id}`);
    const details = visitor.getByRole("article", { name: model });
    await expect(details).toContainText("৳1,42,500");
    await expect(details).not.toContainText("৳1,50,000");
    const gallery = visitor.getByRole("region", { name: `Photos of ${model}` });
    await expect(gallery.getByRole("img", { name: `${model}, photo 1 of 3` })).toHaveAttribute("src", back!);
    const thumbnails = gallery.getByRole("list", { name: "Thumbnails" });
    for (const [i, src] of [back, side, front].entries()) {
      await expect(
        thumbnails.getByRole("button", { name: `Show photo ${i + 1} of 3` }).locator("img"),
      ).toHaveAttribute("src", src!);
    }
    expect(await srcsOf(visitor.request)).toEqual([back, side, front]);
  });
});
