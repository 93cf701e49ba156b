/**
 * How wide a bike's page draws its large photo (its gallery), for the browser to pick a width from
 * `srcSet`. Shared because the server names the same photo in the page's HTML as a preload (the
 * browser reuses that download only when the two agree); apart from the schemas to keep zod out of
 * the page's first load.
 */
export const GALLERY_PHOTO_SIZES = "(min-width: 1440px) 700px, (min-width: 1024px) 50vw, 100vw";
