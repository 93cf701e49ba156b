import type { FastifyInstance, LightMyRequestResponse } from "fastify";
import { expect } from "vitest";
import { call, multipart } from "#server/test/app.ts";
import { jpegParts, type Upload } from "#server/test/factories.ts";
import { postListing } from "#server/test/requests.ts";
import type {
  Listing,
  ListingDetailResponse,
  ListingPhoto,
  ListingsPage,
  ListingUpdate,
} from "#shared/schemas/listings.ts";

/** Helpers shared by the listing tests. */

export async function getPage(app: FastifyInstance, url: string, cookie?: string): Promise<ListingsPage> {
  const res = await call(app, { method: "GET", url, cookie });
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}

/** Every page of a list, following nextCursor; `between` runs after each page is fetched. */
export async function allPages(
  app: FastifyInstance,
  url: string,
  opts: { cookie?: string; between?: () => Promise<void> } = {},
): Promise<{ ids: string[]; pages: number }> {
  const ids: string[] = [];
  let cursor: string | null = null;
  let pages = 0;
  do {
    const sep = url.includes("?") ? "&" : "?";
    const page = await getPage(
      app,
      cursor ? `${url}${sep}cursor=${encodeURIComponent(cursor)}` : url,
      opts.cookie,
    );
    ids.push(...page.items.map((l) => l.id));
    cursor = page.nextCursor;
    pages++;
    expect(pages, "paging never ends").toBeLessThan(100);
    if (cursor) await opts.between?.();
  } while (cursor);
  return { ids, pages };
}

/** `POST /api/listings/photos` with one file part, answered as it comes. */
export async function sendPhoto(
  app: FastifyInstance,
  cookie: string | undefined,
  photo: Upload | string,
): Promise<LightMyRequestResponse> {
  return call(app, { method: "POST", url: "/api/listings/photos", cookie, ...(await multipart({ photo })) });
}

/** Uploads one photo for an edit; throws unless it is stored. */
export async function uploadPhoto(
  app: FastifyInstance,
  cookie: string,
  photo: Upload,
): Promise<ListingPhoto> {
  const res = await sendPhoto(app, cookie, photo);
  if (res.statusCode !== 201) throw new Error(`photo upload failed: ${res.statusCode} ${res.body}`);
  return res.json().photo;
}

/** `PATCH /api/listings/:id` with this JSON body (anything, to test refusals), answered as it comes. */
export function patchListing(
  app: FastifyInstance,
  cookie: string | undefined,
  id: string,
  body: ListingUpdate | Record<string, unknown>,
): Promise<LightMyRequestResponse> {
  return call(app, { method: "PATCH", url: `/api/listings/${id}`, cookie, payload: body });
}

/** `GET /api/listings/:id`'s answer; throws unless it is 200. */
export async function listingDetail(
  app: FastifyInstance,
  id: string,
  cookie?: string,
): Promise<ListingDetailResponse> {
  const res = await call(app, { method: "GET", url: `/api/listings/${id}`, cookie });
  if (res.statusCode !== 200) throw new Error(`listing ${id}: ${res.statusCode} ${res.body}`);
  return res.json();
}

/**
 * A listing posted through the API with `photos` different photos, and their ids in the order sent
 * (as the details answer lists them). The photos are not uploaded on their own: the seller has no free
 * upload of them, so an edit of another listing cannot name them.
 */
export async function postedListing(
  app: FastifyInstance,
  cookie: string,
  photos = 3,
  fields: Parameters<typeof postListing>[2] = {},
): Promise<{ listing: Listing; photoIds: string[] }> {
  const res = await postListing(app, cookie, { photo: await jpegParts(photos), ...fields });
  if (res.statusCode !== 201) throw new Error(`posting failed: ${res.statusCode} ${res.body}`);
  const listing: Listing = res.json().listing;
  const photoIds = (await listingDetail(app, listing.id)).listing.photos.map((p) => p.id);
  if (new Set(photoIds).size !== photos) throw new Error(`expected ${photos} different photos`);
  return { listing, photoIds };
}
