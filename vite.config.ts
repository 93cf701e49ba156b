import tailwindcss from "@tailwindcss/vite";
import react from "@vitejs/plugin-react";
import { defineConfig } from "vite";

const api = `http://localhost:${process.env.PORT ?? 3000}`;

export default defineConfig({
  root: "src/web",
  publicDir: "public",
  plugins: [react(), tailwindcss()],
  // `#web/*` and `#shared/*` resolve through package.json's "imports", as in Node and TypeScript.
  build: { outDir: "../../dist/web", emptyOutDir: true, sourcemap: true },
  server: {
    port: 5173,
    proxy: { "/api": api, "/images": api },
  },
});
