/**
 * How long a page's first answer counts as fresh. The router's loaders ask for it while the page's
 * code downloads (src/web/features/listings/prefetch.ts); without this the page, mounting a moment
 * later, would find it stale and ask the API a second time. Changes still show at once: every mutation
 * invalidates what it changed, which refetches whatever the age.
 */
export const PAGE_DATA_FRESH_MS = 15_000;
