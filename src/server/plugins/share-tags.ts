/**
 * Open Graph and Twitter tags for a bike's details page, so a link shared on Facebook, Messenger or
 * WhatsApp previews the bike: their crawlers read the HTML and run no script, so the server writes
 * the tags into the SPA's index.html. Plain <meta> tags: nothing the CSP has to allow.
 */
import type { Db } from "#server/db/client.ts";
import { BadRequest, NotFound } from "#server/errors.ts";
import { searchListings } from "#server/features/listings/search.ts";
import { getListing } from "#server/features/listings/service.ts";
import { imageFileName, imageUrl } from "#server/images/store.ts";
import { formatNumber, formatTaka } from "#shared/format.ts";
import { GALLERY_PHOTO_SIZES, LIST_CARD_SIZES } from "#shared/image-sizes.ts";
import { LISTING_FILTER_KEYS } from "#shared/listing-filters.ts";
import { type Listing, ListingsQuerySchema } from "#shared/schemas/listings.ts";

/** The web app's details page (src/web/config/paths.ts): `/products/productdetails/:id`. */
const DETAILS_PATH = /^\/products\/productdetails\/([^/]+)\/?$/;

/** The listing id a details page's path names, or null for any other path (no query string). */
export function detailsListingId(path: string): string | null {
  return DETAILS_PATH.exec(path)?.[1] ?? null;
}

/** The widest variant every stored image has (a smaller upload's is its own size). */
const SHARE_WIDTH = 1280;

export type ShareTags = {
  title: string;
  description: string;
  image: { url: string; width: number; height: number };
  url: string;
  /** The photo the page shows first, asked for by the HTML before any JavaScript runs (LCP). */
  photo: PhotoPreload;
};

/** A photo a page's HTML asks for at once, as the page will draw it (the same srcset and sizes). */
export type PhotoPreload = { srcSet: string; sizes: string };

/**
 * The cover of the first bike `/products/:category` will show for this URL's search, filters and
 * sort — the page's largest paint on a phone — or null when there is none or the URL is not a valid
 * search (the page then says why itself).
 */
export async function categoryFirstPhoto(
  db: Db,
  category: string,
  query: Record<string, unknown>,
): Promise<PhotoPreload | null> {
  // Only what the page itself reads from its URL (a `seller` or `cursor` there is not its search).
  const search: Record<string, unknown> = {};
  for (const key of LISTING_FILTER_KEYS) {
    const value = query[key];
    if (typeof value === "string" && value.trim() !== "") search[key] = value.trim();
  }
  const parsed = ListingsQuerySchema.safeParse({ ...search, category, limit: 1 });
  if (!parsed.success) return null;
  try {
    const first = (await searchListings(db, parsed.data, { count: false })).items[0];
    return first ? { srcSet: first.photo.srcSet, sizes: LIST_CARD_SIZES } : null;
  } catch (err) {
    if (err instanceof NotFound || err instanceof BadRequest) return null;
    throw err;
  }
}

/** The <link> that has the browser fetch `photo` with the page, first among images. */
function preloadLink(photo: PhotoPreload): string {
  return `<link rel="preload" as="image" imagesrcset="${escapeHtml(photo.srcSet)}" imagesizes="${escapeHtml(photo.sizes)}" fetchpriority="high" />`;
}

/** index.html asking for `photo` from its <head>. */
export function withPhotoPreload(html: string, photo: PhotoPreload): string {
  return html.replace(/<\/head>/i, () => `  ${preloadLink(photo)}\n  </head>`);
}

/** "Yamaha FZS V3 FI": the brand once, whether or not the seller wrote it into the model. */
function bikeName(listing: Listing): string {
  return listing.model.toLowerCase().startsWith(listing.brand.toLowerCase())
    ? listing.model
    : `${listing.brand} ${listing.model}`;
}

/**
 * The share tags of a listing anyone may see; null for an unknown, hidden or malformed id (the
 * SPA then shows its own "not found"). Other failures are thrown for the caller to log.
 */
export async function listingShareTags(db: Db, id: string, publicUrl: URL): Promise<ShareTags | null> {
  let listing: Listing;
  try {
    listing = await getListing(db, id, null);
  } catch (err) {
    if (err instanceof NotFound) return null;
    throw err;
  }
  const price = formatTaka(listing.askingPrice);
  // The cover's file name carries its key: `…/<key>-640.webp`.
  const file = listing.photo.src.slice(listing.photo.src.lastIndexOf("/") + 1);
  const key = file.slice(0, -imageFileName("", 640).length);
  const width = Math.min(SHARE_WIDTH, listing.photo.width);
  return {
    title: `${bikeName(listing)} — ${price}`,
    description: [
      String(listing.year),
      `${formatNumber(listing.kmRun)} km`,
      listing.district.label,
      price,
    ].join(" · "),
    image: {
      url: new URL(imageUrl(imageFileName(key, SHARE_WIDTH)), publicUrl).href,
      width,
      height: Math.round((listing.photo.height * width) / listing.photo.width),
    },
    url: new URL(`/products/productdetails/${listing.id}`, publicUrl).href,
    photo: { srcSet: listing.photo.srcSet, sizes: GALLERY_PHOTO_SIZES },
  };
}

const ESCAPES: Record<string, string> = {
  "&": "&amp;",
  "<": "&lt;",
  ">": "&gt;",
  '"': "&quot;",
  "'": "&#39;",
};

/** Text made safe inside an element or a double-quoted attribute. */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ESCAPES[c]!);
}

/**
 * index.html with the tags in its <head>: the <title> and the description replaced (a page has one
 * of each), the Open Graph and Twitter tags added before </head>.
 */
export function withShareTags(
  html: string,
  tags: ShareTags,
  { preload = true, keepHead = false }: { preload?: boolean; keepHead?: boolean } = {},
): string {
  const meta = (attr: "property" | "name", name: string, content: string | number) =>
    `<meta ${attr}="${name}" content="${escapeHtml(String(content))}" />`;
  const head = [
    meta("property", "og:type", "product"),
    meta("property", "og:site_name", "MotoHaat"),
    meta("property", "og:title", tags.title),
    meta("property", "og:description", tags.description),
    meta("property", "og:image", tags.image.url),
    meta("property", "og:image:width", tags.image.width),
    meta("property", "og:image:height", tags.image.height),
    meta("property", "og:image:alt", tags.title),
    meta("property", "og:url", tags.url),
    meta("name", "twitter:card", "summary_large_image"),
    meta("name", "twitter:title", tags.title),
    meta("name", "twitter:description", tags.description),
    meta("name", "twitter:image", tags.image.url),
    // The gallery's first photo is the page's largest paint: fetched with the page, not after the
    // app's code and the listing's data (issue 12). Same srcset and sizes as the gallery's <img>.
    ...(preload ? [preloadLink(tags.photo)] : []),
  ].join("\n    ");
  const title = `<title>${escapeHtml(`${tags.title} · MotoHaat`)}</title>`;
  // A page rendered in another language than English keeps its own title and description (said in it).
  if (keepHead) return html.replace(/<\/head>/i, () => `  ${head}\n  </head>`);
  // Functions as replacements: a `$` in a value is never read as a pattern.
  let out = /<title>[\s\S]*?<\/title>/i.test(html)
    ? html.replace(/<title>[\s\S]*?<\/title>/i, () => title)
    : html.replace(/<\/head>/i, () => `${title}\n  </head>`);
  out = out.replace(/<meta\s+name="description"[^>]*>/i, () => meta("name", "description", tags.description));
  return out.replace(/<\/head>/i, () => `  ${head}\n  </head>`);
}
