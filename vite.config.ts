import path from "node:path";
import tailwindcss from "@tailwindcss/vite";
import react from "@vitejs/plugin-react";
import { defineConfig } from "vite";
import { compression } from "vite-plugin-compression2";
import { catalogues } from "./scripts/catalogue-plugin.ts";
import { HEAD_SCRIPT, HEAD_SCRIPT_PLACEHOLDER } from "./src/shared/head-script.ts";

const api = `http://localhost:${process.env.PORT ?? 3000}`;

/**
 * What the home page, the list and a bike's page all show — a bike's card with Book now — relative to
 * src/. None may import zod or react-hook-form (scripts/check-bundle-size.ts would show it).
 */
const CARD_MODULES = [
  "shared/categories.ts",
  "shared/format.ts",
  "shared/image-sizes.ts",
  "web/components/bike-card.tsx",
  "web/components/empty-state.tsx",
  "web/components/facts.tsx",
  "web/components/list-frame.tsx",
  "web/components/load-more.tsx",
  "web/components/modal.tsx",
  "web/components/price.tsx",
  "web/components/verified-tick.tsx",
  "web/features/listings/listing-card.tsx",
  "web/features/listings/plain-number.ts",
  "web/features/listings/listing-grid.tsx",
  "web/features/orders/book-button.tsx",
  "web/lib/categories-query.ts",
  "web/lib/place-names.ts",
  "web/texts/places.ts",
  "web/texts/book.ts",
  "shared/districts.ts",
];

/** What only the list and a bike's page need (filters, side drawer, the bike's details), with their layout route. */
const BROWSE_MODULES = [
  "shared/listing-limits.ts",
  "shared/message-limits.ts",
  "web/components/side-drawer.tsx",
  "web/features/listings/api/get-brands.ts",
  "web/features/listings/listing-details.tsx",
  "web/features/listings/listing-facts.tsx",
  "web/features/listings/listing-filters.tsx",
  "web/features/listings/listings-not-found.tsx",
];

/**
 * The buyer's own booking on a bike's page ("Booked by you — pay within…", Cancel booking), also
 * used by My orders and the payment page: one file, not one per module those pages share.
 */
const BOOKING_MODULES = [
  "web/components/confirm-dialog.tsx",
  "web/features/orders/api/cancel-order.ts",
  "web/features/orders/cancel-booking-button.tsx",
  "web/features/orders/held-booking.tsx",
  "web/lib/hold-time.ts",
];

/**
 * Issue 21's words and the small pieces its lazy screens share (a one-text dialog, a field's error,
 * a message's rules): one file, so each lazy import's list of files to fetch (which the first load
 * carries) names one more file rather than four.
 */
const TALK_MODULES = [
  "shared/talk-messages.ts",
  "web/components/field-error.tsx",
  "web/components/text-dialog.tsx",
  "web/features/messages/message-problem.ts",
];

/**
 * Where the server's renderer of the public pages (src/web/entry-server.tsx) is built: inside the web
 * build, so one `vite build --outDir X` makes both and they always match. src/server/plugins/
 * server-render.ts (SSR_DIR) imports it from there, and web.ts never serves the folder.
 */
const SSR_DIR = "ssr";

function sourceFiles(files: string[]) {
  const ids = new Set(files.map((file) => path.resolve(import.meta.dirname, "src", file)));
  return (id: string) => ids.has(path.normalize(id));
}

/**
 * Every `import … from "react-toastify"` gets its `unstyled` build: the same toasts, without the
 * `<style>` the styled build puts into `<head>` when the first ToastContainer mounts. That insertion, in
 * the middle of hydrating a rendered page, made the browser restyle and lay out the whole page again
 * (~80 ms of a 4× slower phone's main thread, counted in Lighthouse's blocking time); the toasts'
 * stylesheet comes in src/web/styles.css instead. One alias, not 44 edited imports: a new file cannot
 * import the styled build by mistake (two builds would also be two toast stores, and toasts would
 * vanish). vitest.config.ts uses it too, so the tests run what ships.
 */
export const TOASTS_ALIAS = [{ find: /^react-toastify$/, replacement: "react-toastify/unstyled" }];

/**
 * The catalogues reach the build compiled (scripts/catalogue-plugin.ts), so intl-messageformat never
 * parses a message in the browser or the renderer: its parser (12 KB gzip) is left out for the stub
 * FormatJS ships for this. (The server's own translations, src/server/lib/i18n.ts, run from source
 * with the parser.)
 */
const NO_ICU_PARSER = [
  {
    find: /^@formatjs\/icu-messageformat-parser$/,
    replacement: "@formatjs/icu-messageformat-parser/no-parser.js",
  },
];

/** daisyUI's theme switch by a checked `<input class="theme-controller">`; MotoHaat sets `data-theme`. */
const THEME_CONTROLLER = /:root:has\(input\.theme-controller\[value=["']?[\w-]+["']?\]:checked\)/;
/** The same, with the comma that joins it to the other selectors of an `:is()` list. */
const THEME_CONTROLLER_IN_LIST = new RegExp(
  `${THEME_CONTROLLER.source}\\s*,\\s*|\\s*,\\s*${THEME_CONTROLLER.source}`,
  "g",
);

/**
 * Rules of the libraries' stylesheets that MotoHaat never uses and that cost every page's style work
 * (Chromium's selector statistics and invalidation records of a list page at 4× CPU), left out:
 * - react-toastify's "stacked" toasts (no `stacked` on the container). One of them,
 *   `.Toastify__toast--stacked[data-collapsed=true]:not(:last-child) > *`, made Chromium restyle the
 *   whole subtree of any element whose last-child state changed (a node added after it), and a page's
 *   content is such an element: ~850 elements, 50–80 ms, each time.
 * - daisyUI's `:root:has(input.theme-controller[value=…]:checked)`, each theme's alternative to
 *   `[data-theme=…]`: a `:has()` on the root is matched against the whole page on every restyle
 *   (the costliest selector of a list page) and re-checked on every change to the page.
 */
const withoutUnusedRules = {
  postcssPlugin: "motohaat-without-unused-rules",
  Rule(rule: { selector: string; selectors: string[]; remove(): void }) {
    if (rule.selector.includes("Toastify__toast--stacked") || rule.selector.includes("[data-stacked")) {
      rule.remove();
      return;
    }
    if (!THEME_CONTROLLER.test(rule.selector)) return;
    const kept = rule.selectors
      .filter((selector) => selector.replace(THEME_CONTROLLER, "").trim() !== "")
      .map((selector) => selector.replace(THEME_CONTROLLER_IN_LIST, ""));
    if (kept.length === 0 || kept.some((selector) => THEME_CONTROLLER.test(selector))) {
      throw new Error(`vite.config.ts: a theme-controller selector of a new shape: ${rule.selector}`);
    }
    rule.selectors = kept;
  },
};

export default defineConfig({
  root: "src/web",
  publicDir: "public",
  resolve: { alias: [...TOASTS_ALIAS, ...NO_ICU_PARSER] },
  css: { postcss: { plugins: [withoutUnusedRules] } },
  plugins: [
    react(),
    tailwindcss(),
    catalogues(),
    {
      // The head script goes into index.html inline (why: src/shared/head-script.ts), last in <head>:
      // after the stylesheet Vite adds, whose font faces it asks for on a Bangla page.
      name: "motohaat-head-script",
      transformIndexHtml: {
        order: "post",
        handler(html) {
          if (!html.includes(HEAD_SCRIPT_PLACEHOLDER)) throw new Error("index.html lost its head script");
          return html
            .replace(HEAD_SCRIPT_PLACEHOLDER, "")
            .replace(/\s*<\/head>/, () => `\n    <script>${HEAD_SCRIPT}</script>\n  </head>`);
        },
      },
    },
    // A `.br` (brotli, quality 11) and a `.gz` (gzip, level 9) beside every text file of the build worth
    // it, made once here rather than on every request; the server sends the one the browser accepts
    // (src/server/plugins/web.ts). Source maps are left out: only developer tools fetch them.
    compression({
      include: /\.(?:js|mjs|css|html|svg|json)$/,
      threshold: 1024,
      algorithms: ["brotliCompress", "gzip"],
    }),
    {
      // The renderer goes into the browser build's folder (`--outDir` included), under SSR_DIR.
      name: "motohaat-ssr-out-dir",
      config(config) {
        const root = path.resolve(config.root ?? ".");
        const outDir = path.resolve(root, config.build?.outDir ?? "dist");
        return {
          environments: { ssr: { build: { outDir: path.join(outDir, SSR_DIR), emptyOutDir: true } } },
        };
      },
    },
  ],
  // `vite build` makes the browser's app, then the server's renderer of the same pages.
  builder: {
    async buildApp(builder) {
      await builder.build(builder.environments.client!);
      await builder.build(builder.environments.ssr!);
    },
  },
  environments: {
    ssr: {
      // Self-contained: a build made outside the checkout (the tests', a deployment's WEB_DIST_DIR) has
      // no node_modules beside it to import React or the router from.
      resolve: { noExternal: true },
      // React's production build on the server, whatever NODE_ENV the server runs under (the tests',
      // the bench's): what renders in tests is what renders in production, at production's speed.
      define: { "process.env.NODE_ENV": JSON.stringify("production") },
      build: {
        sourcemap: true,
        copyPublicDir: false,
        rolldownOptions: {
          input: path.resolve(import.meta.dirname, "src/web/entry-server.tsx"),
          // One file: the server loads every page's code once, at start, rather than on a first visit.
          output: { codeSplitting: false },
        },
      },
    },
  },
  // `#web/*` and `#shared/*` resolve through package.json's "imports", as in Node and TypeScript.
  build: {
    outDir: "../../dist/web",
    emptyOutDir: true,
    sourcemap: true,
    rolldownOptions: {
      output: {
        // A page's first load is a handful of files, not two dozen: on a phone each request costs a round
        // trip, and HTTP/1.1 opens six at a time, so twenty 1–2 KB chunks cost more than their bytes
        // (Lighthouse on a list page: 92 → 97). Rolldown would otherwise make a chunk for every set of
        // lazy routes sharing a module. `npm run lint` checks the bytes and the file count of each page
        // (scripts/check-bundle-size.ts), so a module put here that drags in zod shows at once.
        codeSplitting: {
          groups: [
            // React, React Router and TanStack Query; none is loaded only by a lazy page. (The toasts,
            // react-toastify, load after the page is up in a chunk of their own: src/web/lib/toast.ts.)
            {
              name: "framework",
              test: /node_modules[\\/](react|react-dom|scheduler|react-router|@tanstack|clsx)[\\/]/,
            },
            { name: "icons", test: /node_modules[\\/]lucide-react[\\/]/ },
            // Our modules the entry imports statically join the entry instead of splitting off it.
            { name: "app", tags: ["$initial"], test: /[\\/]src[\\/](web|shared)[\\/]/ },
            // A bike's card and Book now, for the home page, the list and a bike's page; then what only the
            // list and a bike's page share (filters, details). Two files rather than one, so the home
            // page does not carry the filters and the details (/ at 93.5 KB instead of 99.9).
            { name: "cards", test: sourceFiles(CARD_MODULES) },
            { name: "browse", test: sourceFiles(BROWSE_MODULES) },
            { name: "booking", test: sourceFiles(BOOKING_MODULES) },
            { name: "talk", test: sourceFiles(TALK_MODULES) },
          ],
        },
      },
    },
  },
  server: {
    port: 5173,
    proxy: { "/api": api, "/images": api },
  },
});
