/**
 * The browser every browser-driven tool here uses: Debian's Chromium (never a downloaded one), with
 * the flags this machine needs (no sandbox as root, no GPU, nothing fetched in the background).
 * Read by playwright.config.ts and bench/web.ts.
 */
export const CHROMIUM_PATH = "/usr/bin/chromium";

export const CHROMIUM_FLAGS = [
  "--no-sandbox",
  "--disable-gpu",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
  "--no-first-run",
];
