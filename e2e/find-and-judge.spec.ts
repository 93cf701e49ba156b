import { MSG } from "#shared/messages.ts";
import type { ListingDetailResponse } from "#shared/schemas/listings.ts";
import { atPath, DEMO, drawPhoto, expect, postListing, tag, test } from "./fixtures.ts";

/**
 * A buyer finds a bike and judges it (issue 11): anyone can look, search and filters narrow the
 * list, the gallery walks by keyboard, the seller has a page. Each test posts its own bikes under
 * names no other test uses, so what it finds does not depend on the demo data or on other workers.
 */

/** "৳1,32,000" → 132000. */
const taka = (text: string) => Number(text.replace(/[^\d]/g, ""));

test("a signed-out visitor opens a category and a bike, and is asked to sign in only to book it", async ({
  newAccount,
  page,
}) => {
  const seller = await newAccount("seller", `Scooter Seller ${tag()}`);
  const model = `Glide ${tag()}`;
  const listing = await postListing(seller, {
    model,
    category: "scooters",
    description: "Ridden to the office only.\nServiced at 12,000 km.",
  });
  const detailsPath = `/products/productdetails/${listing.id}`;

  await page.goto("/");
  await page
    .getByRole("region", { name: "Browse by category" })
    .getByRole("link", { name: "Scooters" })
    .click();
  await expect(page).toHaveURL(atPath("/products/scooters"));
  await expect(page.getByRole("heading", { level: 1, name: "Scooters" })).toBeVisible();
  // Other workers post scooters too: the search finds ours whatever is newer.
  await page.getByLabel("Search bikes").fill(model);
  await page.getByLabel("Search bikes").press("Enter");
  const card = page.getByRole("article", { name: model });
  await expect(card).toContainText("৳1,50,000");
  await card.getByRole("link", { name: model }).click();

  // The whole bike, no sign-in asked.
  await expect(page).toHaveURL(atPath(detailsPath));
  const details = page.getByRole("article", { name: model });
  await expect(details.getByRole("heading", { level: 1, name: model })).toBeVisible();
  await expect(details.getByRole("region", { name: "About this bike" })).toContainText(
    "Ridden to the office only.",
  );
  await expect(details.getByRole("region", { name: "Papers" })).toBeVisible();
  await expect(details.getByRole("link", { name: seller.name })).toBeVisible();
  await expect(details).not.toContainText(seller.email);
  await expect(details.getByText(MSG.listing.signInToBook)).toBeVisible();

  await details.getByRole("button", { name: "Book now" }).click();
  await expect(page.getByText(MSG.auth.signInFirst)).toBeVisible();
  await expect(page).toHaveURL(atPath("/signin"));
  expect(new URL(page.url()).searchParams.get("from")).toBe(`${detailsPath}?book=1`);

  await page.getByLabel("Email", { exact: true }).fill(DEMO.buyer.email);
  await page.getByLabel("Password", { exact: true }).fill(DEMO.buyer.password);
  await page.getByRole("button", { name: "Sign In", exact: true }).click();

  await expect(page).toHaveURL(atPath(detailsPath));
  const dialog = page.getByRole("dialog", { name: `Book ${model}` });
  await expect(dialog).toBeVisible();
  await expect(dialog).toContainText(DEMO.buyer.email);
  // The form opened once: closing it and reloading does not open it again.
  await dialog.getByRole("button", { name: "Cancel" }).click();
  await expect(dialog).toBeHidden();
  await page.reload();
  await expect(page.getByRole("heading", { level: 1, name: model })).toBeVisible();
  await expect(dialog).toBeHidden();
});

test("a buyer narrows by search, brand, price and district, sorts by price, walks a bike's photos by keyboard and opens its seller", async ({
  newAccount,
  page,
  signInAs,
}) => {
  const t = tag();
  // A brand of its own, so the brand filter holds only this test's bikes.
  const brand = `Hawk${t}`;
  const seller = await newAccount("seller", `Hawk Motors ${t}`);
  const photos = [
    await drawPhoto(seller.page, "front.png", "#f59e0b"),
    await drawPhoto(seller.page, "side.png", "#0ea5e9"),
    await drawPhoto(seller.page, "back.png", "#22c55e"),
  ];
  const model = `Storm 150 ${t}`;
  const wanted = [
    { model: `Storm 160 ${t}`, askingPrice: 145000 },
    { model, askingPrice: 132000, photos },
    { model: `Storm 125 ${t}`, askingPrice: 98000 },
  ];
  const unwanted = [
    { model: `Storm 165 ${t}`, askingPrice: 210000 }, // above the price range
    { model: `Storm 135 ${t}`, askingPrice: 120000, district: "chattogram" }, // another district
    { model: `Breeze 110 ${t}`, askingPrice: 105000 }, // not what was searched
  ];
  const posted: Record<string, string> = {};
  for (const bike of [...wanted, ...unwanted]) {
    posted[bike.model] = (await postListing(seller, { brand, ...bike })).id;
  }
  // Another brand's Storm, in range and in Dhaka: only the brand filter leaves it out.
  await postListing(seller, { model: `Storm ${t}`, brand: "Yamaha", askingPrice: 120000 });

  await signInAs("buyer");
  await page.goto("/products/all");
  await page.getByLabel("Search bikes").fill("storm");
  await page.getByLabel("Search bikes").press("Enter");
  await expect(page).toHaveURL(/[?&]q=storm(&|$)/);
  await page.getByLabel("Brand").selectOption({ label: brand });
  await page.getByLabel("Min price").fill("95000");
  await page.getByLabel("Min price").press("Enter");
  await page.getByLabel("Max price").fill("150000");
  await page.getByLabel("Max price").press("Enter");
  await page.getByLabel("District").selectOption({ label: "Dhaka" });
  await page.getByLabel("Sort by").selectOption({ label: "Price: low to high" });

  const query = () => Object.fromEntries(new URL(page.url()).searchParams);
  await expect.poll(query).toEqual({
    q: "storm",
    brand,
    minPrice: "95000",
    maxPrice: "150000",
    district: "dhaka",
    sort: "price_asc",
  });
  await expect(page.locator("#listing-count")).toHaveText("3 bikes");
  const cards = page.getByRole("article");
  await expect(cards).toHaveCount(3);
  // Cheapest first; each card shows what the filters asked for.
  const byPrice = [...wanted].sort((a, b) => a.askingPrice - b.askingPrice);
  for (const [i, bike] of byPrice.entries()) {
    await expect(cards.nth(i)).toHaveAccessibleName(bike.model);
  }
  const prices: number[] = [];
  for (const card of await cards.all()) {
    const price = taka((await card.getByText(/^৳/).first().textContent()) ?? "");
    expect(price).toBeGreaterThanOrEqual(95000);
    expect(price).toBeLessThanOrEqual(150000);
    prices.push(price);
    await expect(card).toContainText(brand);
    await expect(card).toContainText("Dhaka");
    await expect(card.getByRole("link", { name: seller.name })).toBeVisible();
  }
  expect(prices).toEqual([98000, 132000, 145000]);

  // The bike with three photos.
  await cards.nth(1).getByRole("link", { name: model }).click();
  await expect(page).toHaveURL(atPath(`/products/productdetails/${posted[model]}`));
  const res = await page.request.get(`/api/listings/${posted[model]}`);
  const srcs = ((await res.json()) as ListingDetailResponse).listing.photos.map((p) => p.src);
  expect(srcs).toHaveLength(3);

  const gallery = page.getByRole("region", { name: `Photos of ${model}` });
  const thumb = (n: number) =>
    gallery.getByRole("list", { name: "Thumbnails" }).getByRole("button", { name: `Show photo ${n} of 3` });
  const bigPhoto = (n: number) => gallery.getByRole("img", { name: `${model}, photo ${n} of 3` });
  const shows = async (n: number) => {
    await expect(thumb(n)).toHaveAttribute("aria-current", "true");
    for (const other of [1, 2, 3].filter((m) => m !== n)) {
      await expect(thumb(other)).not.toHaveAttribute("aria-current", "true");
    }
    await expect(bigPhoto(n)).toHaveAttribute("src", srcs[n - 1]!);
  };
  await shows(1);

  await thumb(1).focus();
  await page.keyboard.press("ArrowRight");
  await shows(2);
  await page.keyboard.press("ArrowRight");
  await shows(3);
  await page.keyboard.press("ArrowLeft");
  await shows(2);
  await gallery.getByRole("button", { name: "Previous photo" }).click();
  await shows(1);
  await gallery.getByRole("button", { name: "Next photo" }).click();
  await shows(2);

  const openFullScreen = gallery.getByRole("button", { name: "View full screen" });
  await openFullScreen.click();
  const fullScreen = page.getByRole("dialog", { name: `${model} — 2 / 3` });
  await expect(fullScreen).toBeVisible();
  await expect(fullScreen.getByRole("img", { name: `${model}, photo 2 of 3` })).toBeVisible();
  await page.keyboard.press("Escape");
  await expect(fullScreen).toBeHidden();
  await expect(openFullScreen).toBeFocused();
  await shows(2);

  // Who sells it: their page, with every bike they have for sale.
  await page.getByRole("article", { name: model }).getByRole("link", { name: seller.name }).click();
  await expect(page).toHaveURL(/\/sellers\/[^/]+$/);
  await expect(page.getByRole("heading", { level: 1, name: seller.name })).toBeVisible();
  await expect(page.getByRole("main")).not.toContainText(seller.email);
  const forSale = page.getByRole("region", { name: "Bikes for sale" });
  for (const bike of [...wanted, ...unwanted]) {
    await expect(forSale.getByRole("article", { name: bike.model })).toBeVisible();
  }
  await expect(forSale.getByRole("article")).toHaveCount(7);
});

test.describe("on a small phone", () => {
  const screen = { width: 360, height: 640 };
  test.use({ viewport: screen });

  test("the first screen of a list shows two whole bikes below the top bar and the controls", async ({
    page,
  }) => {
    await page.goto("/products/all");
    const cards = page.getByRole("article");
    await expect(cards.nth(2)).toBeAttached();
    expect(await page.evaluate(() => window.scrollY)).toBe(0);
    const bar = await page.getByRole("banner").boundingBox();
    const first = await cards.nth(0).boundingBox();
    const controls = [
      page.getByRole("searchbox", { name: "Search bikes" }),
      page.getByRole("button", { name: /^Filters/ }),
      page.getByLabel("Sort by"),
    ];
    for (const control of controls) {
      const box = await control.boundingBox();
      expect(box!.y + box!.height, `${control} sits above the first card`).toBeLessThanOrEqual(first!.y);
    }
    for (const i of [0, 1]) {
      const card = await cards.nth(i).boundingBox();
      expect(card!.y, `card ${i + 1} starts below the top bar`).toBeGreaterThanOrEqual(bar!.y + bar!.height);
      expect(card!.y + card!.height, `card ${i + 1} ends on the screen`).toBeLessThanOrEqual(screen.height);
    }
  });
});
