import tailwindcss from "@tailwindcss/vite";
import react from "@vitejs/plugin-react";
import { defineConfig } from "vite";
import { compression } from "vite-plugin-compression2";

const api = `http://localhost:${process.env.PORT ?? 3000}`;

export default defineConfig({
  root: "src/web",
  publicDir: "public",
  plugins: [
    react(),
    tailwindcss(),
    // A `.br` (brotli, quality 11) and a `.gz` (gzip, level 9) beside every text file of the build worth
    // it, made once here rather than on every request; the server sends the one the browser accepts
    // (src/server/plugins/web.ts). Source maps are left out: only developer tools fetch them.
    compression({
      include: /\.(?:js|mjs|css|html|svg|json)$/,
      threshold: 1024,
      algorithms: ["brotliCompress", "gzip"],
    }),
  ],
  // The browser runs Preact with React's API (docs/decisions/020-preact-in-the-browser.md).
  resolve: {
    alias: [
      { find: /^react$/, replacement: "preact/compat" },
      { find: /^react-dom$/, replacement: "preact/compat" },
      { find: /^react-dom\/client$/, replacement: "preact/compat/client" },
      { find: /^react\/jsx-runtime$/, replacement: "preact/compat/jsx-runtime" },
      { find: /^react\/jsx-dev-runtime$/, replacement: "preact/compat/jsx-dev-runtime" },
    ],
  },
  // `#web/*` and `#shared/*` resolve through package.json's "imports", as in Node and TypeScript.
  build: {
    outDir: "../../dist/web",
    emptyOutDir: true,
    sourcemap: true,
    rolldownOptions: {
      output: {
        // What every page runs comes in two files, not a dozen: React Router, Preact, TanStack Query
        // and the toasts in one, the icons (a few hundred bytes each) in another. Each extra request
        // costs a round trip on a phone network; none of these libraries is loaded only by a lazy page.
        codeSplitting: {
          groups: [
            {
              name: "framework",
              test: /node_modules[\\/](preact|react-router|@tanstack|react-toastify|clsx)[\\/]/,
            },
            { name: "icons", test: /node_modules[\\/]lucide-react[\\/]/ },
          ],
        },
      },
      onwarn(warning, warn) {
        // React Router looks `useOptimistic` up on React and falls back when it is missing, as on Preact.
        if (warning.code === "IMPORT_IS_UNDEFINED" && warning.message.includes("useOptimistic")) return;
        warn(warning);
      },
    },
  },
  server: {
    port: 5173,
    proxy: { "/api": api, "/images": api },
  },
});
