import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { saveImage } from "#server/images/store.ts";
import { call, createTestApp, type TestApp } from "#server/test/app.ts";
import { buildListing, jpeg } from "#server/test/factories.ts";
import { createWebDist } from "#server/test/web-dist.ts";
import { GALLERY_PHOTO_SIZES, LIST_CARD_SIZES } from "#shared/image-sizes.ts";

const PUBLIC_URL = "https://motohaat.example";
const indexHtml = `<!doctype html>
<html lang="en">
  <head>
    <meta charset="UTF-8" />
    <meta name="description" content="MotoHaat: buy and sell used motorbikes in Bangladesh." />
    <title>MotoHaat — used motorbikes in Bangladesh</title>
    <script src="/theme-init.js"></script>
  </head>
  <body><div id="root"></div><script type="module" src="/assets/app-1a2b3c.js"></script></body>
</html>`;

function decodeEntities(text: string): string {
  return text
    .replaceAll("&lt;", "<")
    .replaceAll("&gt;", ">")
    .replaceAll("&quot;", '"')
    .replaceAll("&#39;", "'")
    .replaceAll("&amp;", "&");
}

/** Every `<meta property|name="…" content="…">` of a page, as a crawler reads them (unescaped). */
function metaTags(html: string): Record<string, string[]> {
  const tags: Record<string, string[]> = {};
  for (const m of html.matchAll(/<meta (?:property|name)="([^"]+)" content="([^"]*)"/g)) {
    tags[m[1]!] = [...(tags[m[1]!] ?? []), decodeEntities(m[2]!)];
  }
  return tags;
}

function titleOf(html: string): string[] {
  return [...html.matchAll(/<title>([^<]*)<\/title>/g)].map((m) => decodeEntities(m[1]!));
}

describe("share tags on a bike's details page", () => {
  let webDist: Awaited<ReturnType<typeof createWebDist>>;
  let t: TestApp;
  beforeAll(async () => {
    webDist = await createWebDist(indexHtml);
    t = await createTestApp({ PUBLIC_URL }, { webDist: webDist.dir });
  });
  afterAll(async () => {
    await t?.close();
    await webDist?.remove();
  });

  const page = (path: string, method: "GET" | "HEAD" = "GET") => call(t.app, { method, url: path });

  it("puts Open Graph and Twitter tags with model, price, facts and the cover into the app's <head>", async () => {
    const listing = await buildListing(t.app, {
      brand: "Yamaha",
      model: "Yamaha FZS V3",
      askingPrice: 180_000,
      year: 2021,
      kmRun: 18_500,
      districtSlug: "dhaka",
    });
    const res = await page(`/products/productdetails/${listing.id}`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers["content-type"]).toMatch(/^text\/html/);
    // Revalidated like index.html: the price may change, so never immutable.
    expect(res.headers["cache-control"]).toBe("no-cache");

    const title = "Yamaha FZS V3 — ৳1,80,000";
    const description = "2021 · 18,500 km · Dhaka · ৳1,80,000";
    const image = `${PUBLIC_URL}/images/${listing.photoKey}-1280.webp`;
    const url = `${PUBLIC_URL}/products/productdetails/${listing.id}`;
    expect(metaTags(res.body)).toMatchObject({
      "og:type": ["product"],
      "og:title": [title],
      "og:description": [description],
      "og:image": [image],
      "og:url": [url],
      "twitter:card": ["summary_large_image"],
      "twitter:title": [title],
      "twitter:description": [description],
      "twitter:image": [image],
      description: [description],
    });
    expect(titleOf(res.body)).toEqual([`${title} · MotoHaat`]);
    // The tags sit in the head, and the rest of the app is untouched.
    const head = res.body.slice(0, res.body.indexOf("</head>"));
    expect(head).toContain('property="og:image"');
    expect(res.body).toContain('<script type="module" src="/assets/app-1a2b3c.js"></script>');
    expect(res.body.match(/<script/g)).toHaveLength(2);

    // The gallery's first photo is asked for by the HTML itself, as the gallery will draw it.
    const preload = head.match(/<link rel="preload" as="image"[^>]*>/g) ?? [];
    expect(preload).toHaveLength(1);
    const shown = (await page(`/api/listings/${listing.id}`)).json() as {
      listing: { photos: { srcSet: string }[] };
    };
    expect(preload[0]).toContain(`imagesrcset="${shown.listing.photos[0]!.srcSet}"`);
    expect(preload[0]).toContain(`imagesizes="${GALLERY_PHOTO_SIZES}"`);
    expect(preload[0]).toContain('fetchpriority="high"');

    // The image a crawler fetches is there.
    const cover = await page(new URL(image).pathname);
    expect(cover.statusCode).toBe(200);
    expect(cover.headers["content-type"]).toBe("image/webp");
  });

  it("names the brand once when the model does not carry it", async () => {
    const listing = await buildListing(t.app, {
      brand: "Bajaj",
      model: "Pulsar N160",
      askingPrice: 215_000,
      year: 2023,
      kmRun: 6_200,
      districtSlug: "chattogram",
    });
    const tags = metaTags((await page(`/products/productdetails/${listing.id}/`)).body);
    expect(tags["og:title"]).toEqual(["Bajaj Pulsar N160 — ৳2,15,000"]);
    expect(tags["og:description"]).toEqual(["2023 · 6,200 km · Chattogram · ৳2,15,000"]);
  });

  it("escapes every value: a model written as markup stays text", async () => {
    const model = `<script>alert("owned")</script> & '</title><b>`;
    const listing = await buildListing(t.app, { brand: "<b>", model: `<b> ${model}`, askingPrice: 99_000 });
    const res = await page(`/products/productdetails/${listing.id}?ref=share`);
    expect(res.statusCode).toBe(200);
    expect(res.body).not.toContain("<script>alert");
    expect(res.body).not.toContain("<b>");
    expect(res.body.match(/<\/title>/g)).toHaveLength(1);
    const tags = metaTags(res.body);
    expect(tags["og:title"]).toEqual([`<b> ${model} — ৳99,000`]);
    expect(tags["twitter:title"]).toEqual([`<b> ${model} — ৳99,000`]);
    expect(titleOf(res.body)).toEqual([`<b> ${model} — ৳99,000 · MotoHaat`]);
  });

  it("answers an unknown, hidden or malformed id with the plain app (its own 404 page), never a 500", async () => {
    const hidden = await buildListing(t.app, { hidden: true });
    for (const id of [randomUUID(), hidden.id, "not-a-uuid", "%3Cscript%3E", "x".repeat(300)]) {
      const res = await page(`/products/productdetails/${id}`);
      expect(res.statusCode, id).toBe(200);
      expect(res.body, id).toBe(indexHtml);
      expect(res.headers["cache-control"]).toBe("no-cache");
    }
  });

  it("a category page asks for the photo of the first bike it will show, for its search and sort", async () => {
    const photo = async (colour: string) =>
      (await saveImage(t.app.db, t.app.images, await jpeg(96, 64, colour))).key;
    const dear = await buildListing(t.app, {
      categorySlug: "touring",
      askingPrice: 900_000,
      photoKey: await photo("#dc2626"),
    });
    const cheap = await buildListing(t.app, {
      categorySlug: "touring",
      askingPrice: 120_000,
      photoKey: await photo("#16a34a"),
    });
    const preloaded = async (path: string) => {
      const res = await page(path);
      expect(res.statusCode, path).toBe(200);
      expect(res.headers["cache-control"]).toBe("no-cache");
      return res.body.match(/<link rel="preload" as="image"[^>]*>/g) ?? [];
    };
    const srcSetOf = async (id: string) =>
      ((await page(`/api/listings/${id}`)).json() as { listing: { photo: { srcSet: string } } }).listing.photo
        .srcSet;

    // Newest first by default: the cheap one was listed last.
    expect(await preloaded("/products/touring")).toEqual([
      `<link rel="preload" as="image" imagesrcset="${await srcSetOf(cheap.id)}" imagesizes="${LIST_CARD_SIZES}" fetchpriority="high" />`,
    ]);
    const byPrice = await preloaded("/products/touring?sort=price_desc");
    expect(byPrice).toHaveLength(1);
    expect(byPrice[0]).toContain(`imagesrcset="${await srcSetOf(dear.id)}"`);
    expect(dear.photoKey).not.toBe(cheap.photoKey);
    // Read as the page reads its URL: a seller or a cursor there is not part of its search.
    expect(await preloaded(`/products/touring?seller=${dear.sellerId}&cursor=junk`)).toEqual(
      await preloaded("/products/touring"),
    );

    // Nothing to show, an unknown category or a search the API would refuse: the plain app, which says why.
    for (const path of [
      "/products/off-road",
      "/products/no-such-kind",
      "/products/touring?minPrice=lots",
      "/products/touring?minPrice=9&maxPrice=1",
    ]) {
      expect(await preloaded(path), path).toEqual([]);
      expect((await page(path)).body, path).toBe(indexHtml);
    }
  });

  it("answers HEAD alike, and leaves other pages plain", async () => {
    const listing = await buildListing(t.app);
    const head = await page(`/products/productdetails/${listing.id}`, "HEAD");
    expect(head.statusCode).toBe(200);
    expect(head.headers["content-type"]).toMatch(/^text\/html/);
    for (const path of [`/products/productdetails/${listing.id}/more`, "/sellers/x"]) {
      expect((await page(path)).body, path).toBe(indexHtml);
    }
  });
});
