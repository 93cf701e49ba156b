/**
 * The `elementtiming` name of a rendered page's one high-priority photo (src/web/components/img.tsx):
 * the head script (head-script.ts) asks for the app's code once it has been drawn. A module of its
 * own so that the app's code, which names it, does not take in the head script and its fonts' bytes.
 */
export const PAGE_PHOTO_TIMING = "page-photo";
