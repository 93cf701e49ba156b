/**
 * A listing's numeric limits, shared by the zod schemas (schemas/listings.ts) and the browser's filters
 * and photo manager. Kept free of zod so a page that only needs a number does not download the schemas.
 */

/**
 * The highest asking price, ৳1,00,00,000 (one crore): a buyer pays it by card, in poisha, and
 * 10⁹ poisha still fits the payment tables' integer columns (2³¹ − 1) with room to spare.
 */
export const MAX_ASKING_PRICE = 10_000_000;

/** The oldest model year a listing may say; the newest is next year (bikes of next year's model are sold from autumn). */
export const MIN_YEAR = 1980;
export const maxYear = () => new Date().getUTCFullYear() + 1;
export const MAX_KM_RUN = 1_000_000;
export const MAX_AREA = 80;
export const MAX_DESCRIPTION = 2000;
/** A listing has 1 to MAX_PHOTOS photos; the first is its cover. */
export const MAX_PHOTOS = 8;
