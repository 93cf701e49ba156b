/**
 * How wide a bike's page draws its large photo (its gallery), for the browser to pick a width from
 * `srcSet`. Shared because the server names the same photo in the page's HTML as a preload (the
 * browser reuses that download only when the two agree); apart from the schemas to keep zod out of
 * the page's first load.
 */
export const GALLERY_PHOTO_SIZES = "(min-width: 1440px) 700px, (min-width: 1024px) 50vw, 100vw";

/** How wide a card of a list of bikes draws its photo (src/web/features/listings/listing-grid.tsx). */
export const LIST_CARD_SIZES =
  "(min-width: 1536px) 300px, (min-width: 1280px) 30vw, (min-width: 640px) 45vw, 40vw";
