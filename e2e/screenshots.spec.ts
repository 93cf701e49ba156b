import type { ListingDetailResponse, ListingsPage } from "#shared/schemas/listings.ts";
import {
  DEMO,
  expect,
  loadAllImages,
  type PhotoFile,
  postListing,
  SCREEN_SIZES,
  THEMES,
  test,
} from "./fixtures.ts";

/**
 * Screenshots of the buyer's pages for a person to look at (test-results/screenshots, not kept in
 * git): home, a category and a bike, on a phone and a laptop, in both themes. The assertions only
 * make sure each shot shows the finished page, not a spinner.
 */

// A still carousel, so two shots of the same page compare.
test.use({ reducedMotion: "reduce" });

for (const theme of THEMES) {
  for (const size of SCREEN_SIZES) {
    test(`buyer pages at ${size.width}px, ${theme} theme`, async ({ page, signInAs }) => {
      await page.setViewportSize(size);
      await page.addInitScript((t) => localStorage.setItem("motohaat-theme", t), theme);
      await signInAs("buyer");
      const shoot = async (name: string) => {
        await loadAllImages(page);
        await page.screenshot({
          path: `test-results/screenshots/${name}-${size.width}-${theme}.png`,
          fullPage: true,
        });
      };

      await page.goto("/");
      await expect(page.locator("html")).toHaveAttribute("data-theme", theme);
      await expect(page.getByRole("heading", { name: "Advertised bikes" })).toBeVisible();
      await shoot("home");

      await page.goto("/products/sports");
      await expect(page.getByRole("article").first()).toBeVisible();
      await shoot("category");

      const res = await page.request.get("/api/listings?category=sports");
      const { items } = (await res.json()) as ListingsPage;
      await page.goto(`/products/productdetails/${items[0]!.id}`);
      await expect(page.getByRole("heading", { level: 1, name: items[0]!.model })).toBeVisible();
      await shoot("details");
    });
  }
}

/**
 * Issue 11's screens: a filtered and sorted list (and, on a phone, its filters drawer), the gallery
 * of a bike with several photos (and its full-screen view), and the edit form of a bike whose photos
 * are the demo bike's own, so the shots show real drawings rather than test squares.
 */
for (const theme of THEMES) {
  for (const size of SCREEN_SIZES) {
    test(`find-and-judge pages at ${size.width}px, ${theme} theme`, async ({
      page,
      newAccount,
      playwright,
      baseURL,
    }) => {
      await page.setViewportSize(size);
      await page.addInitScript((t) => localStorage.setItem("motohaat-theme", t), theme);
      const shoot = async (name: string, fullPage = true) => {
        if (fullPage) await loadAllImages(page);
        await page.screenshot({
          path: `test-results/screenshots/${name}-${size.width}-${theme}.png`,
          fullPage,
        });
      };

      // Hondas in Dhaka: demo bikes only (the other specs post Yamahas), cheapest first.
      await page.goto("/products/all?brand=Honda&district=dhaka&minPrice=50000&sort=price_asc");
      await expect(page.locator("html")).toHaveAttribute("data-theme", theme);
      await expect(page.locator("#listing-count")).toHaveText(/^\d+ bikes?$/);
      expect(await page.getByRole("article").count()).toBeGreaterThanOrEqual(2);
      await shoot("filtered-list");
      if (size.width < 1024) {
        await page.getByRole("button", { name: /^Filters/ }).click();
        await expect(page.getByLabel("District")).toBeVisible();
        await shoot("filters-drawer", false);
        await page.keyboard.press("Escape");
      }

      // A bike of the demo seller with several photos, and a fair-price hint when one has it (other
      // tests, and this one below, post bikes with several photos too: not those).
      const demoSeller = await playwright.request.newContext({
        baseURL,
        extraHTTPHeaders: { origin: new URL(baseURL!).origin },
      });
      expect((await demoSeller.post("/api/auth/signin", { data: DEMO.seller })).status()).toBe(200);
      const { user } = (await (await demoSeller.get("/api/auth/me")).json()) as { user: { id: string } };
      await demoSeller.dispose();
      const list = await page.request.get(`/api/listings?category=all&seller=${user.id}&limit=100`);
      const demoBikes = ((await list.json()) as ListingsPage).items;
      let bike: ListingDetailResponse | undefined;
      for (const { id } of demoBikes) {
        const detail = (await (
          await page.request.get(`/api/listings/${id}`)
        ).json()) as ListingDetailResponse;
        if (detail.listing.photos.length >= 3 && (!bike || (detail.priceHint && !bike.priceHint))) {
          bike = detail;
        }
        if (bike?.priceHint) break;
      }
      expect(bike, "a demo bike with 3 or more photos").toBeDefined();
      const { listing } = bike!;
      await page.goto(`/products/productdetails/${listing.id}`);
      const gallery = page.getByRole("region", { name: `Photos of ${listing.model}` });
      await expect(
        gallery.getByRole("button", { name: `Show photo 2 of ${listing.photos.length}` }),
      ).toBeVisible();
      await shoot("gallery");
      await gallery.getByRole("button", { name: "Next photo" }).click();
      await gallery.getByRole("button", { name: "View full screen" }).click();
      const fullScreen = page.getByRole("dialog", {
        name: `${listing.model} — 2 / ${listing.photos.length}`,
      });
      await expect(fullScreen.getByRole("img")).toHaveJSProperty("complete", true);
      await shoot("gallery-fullscreen", false);
      await page.keyboard.press("Escape");

      // The edit form of a seller's own bike, with the demo bike's photos and every field filled.
      const seller = await newAccount("seller", "Screenshot Motors");
      const photos: PhotoFile[] = [];
      for (const [i, photo] of listing.photos.slice(0, 4).entries()) {
        const res = await page.request.get(photo.src);
        photos.push({ name: `photo-${i}.webp`, mimeType: "image/webp", buffer: await res.body() });
      }
      const own = await postListing(seller, {
        model: `${listing.brand} ${listing.model}`,
        brand: listing.brand,
        askingPrice: listing.askingPrice,
        description: listing.description ?? undefined,
        photos,
      });
      const signin = await page.request.post("/api/auth/signin", {
        data: { email: seller.email, password: seller.password },
        headers: { origin: seller.origin },
      });
      expect(signin.status(), await signin.text()).toBe(200);
      await page.goto(`/dashboard/myproducts/edit/${own.id}`);
      await expect(page.getByLabel("Bike model")).toHaveValue(own.model);
      await expect(page.getByRole("list", { name: "Chosen photos" }).getByRole("listitem")).toHaveCount(
        photos.length,
      );
      await shoot("edit-form");
    });
  }
}
