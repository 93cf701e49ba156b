/**
 * The URL query keys a list of bikes reads (`/products/:category?q=…&sort=…`): its search, filters and
 * sort, the rest of `GET /api/listings`'s parameters (cursor, limit, seller) being the page's own
 * business. Shared because the server names the first bike's photo in the page's HTML and must read
 * the URL exactly as the page does; free of zod for the page's first load.
 */
export const LISTING_FILTER_KEYS = [
  "q",
  "brand",
  "minPrice",
  "maxPrice",
  "minCc",
  "maxCc",
  "minYear",
  "maxYear",
  "maxKm",
  "district",
  "verified",
  "negotiable",
  "sold",
  "sort",
] as const;
