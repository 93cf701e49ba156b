/**
 * Writes src/shared/taka-font.ts: the taka sign (৳, U+09F3) and nothing else, cut from Noto Sans
 * Bengali (SIL Open Font License 1.1, as @fontsource ships it). Prices need that one glyph, which not
 * every device has; the whole Bengali face is 44.6 KB that a phone would fetch on every page with a
 * price, this is under 1 KB (issue 12), carried base64 by each page's head script
 * (src/shared/head-script.ts). Run `node --import tsx scripts/make-taka-font.ts` after upgrading
 * @fontsource/noto-sans-bengali and commit the result.
 */
import fs from "node:fs";
import path from "node:path";
import subsetFont from "subset-font";

const root = path.resolve(import.meta.dirname, "..");
const source = path.join(
  root,
  "node_modules/@fontsource/noto-sans-bengali/files/noto-sans-bengali-bengali-400-normal.woff2",
);
const target = path.join(root, "src/shared/taka-font.ts");

const subset = await subsetFont(fs.readFileSync(source), "\u09F3", { targetFormat: "woff2" });
fs.writeFileSync(
  target,
  `// Written by scripts/make-taka-font.ts: do not edit.
/** The taka sign (৳, U+09F3) and nothing else, cut from Noto Sans Bengali (SIL Open Font License 1.1): a WOFF2 font, base64. */
export const TAKA_FONT_WOFF2_BASE64 =
  "${subset.toString("base64")}";
`,
);
console.log(`${path.relative(root, target)}: ${subset.length} bytes (from ${fs.statSync(source).size})`);
