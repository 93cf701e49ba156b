/**
 * Writes src/shared/head-fonts.ts: two tiny faces cut from Noto Sans Bengali (SIL Open Font License
 * 1.1, as @fontsource ships it), carried base64 by each page's head script (src/shared/head-script.ts):
 * - the taka sign (৳, U+09F3) and nothing else: prices need that one glyph, which not every device
 *   has; the whole Bengali face is 44.6 KB that a phone would fetch on every page with a price (issue 12);
 * - the glyphs of "বাংলা", bold: the language switch names Bangla in itself on every English page,
 *   and that one word made an English reader's phone fetch the whole 48 KB bold face (Lighthouse: a
 *   "VeryHigh" request on every English page, in the first paint's path).
 * Run `node --import tsx scripts/make-head-fonts.ts` after upgrading @fontsource/noto-sans-bengali
 * and commit the result.
 */
import fs from "node:fs";
import path from "node:path";
import subsetFont from "subset-font";
import { LANGUAGE_NAMES } from "#shared/i18n/locales.ts";

const root = path.resolve(import.meta.dirname, "..");
const face = (weight: number) =>
  fs.readFileSync(
    path.join(
      root,
      `node_modules/@fontsource/noto-sans-bengali/files/noto-sans-bengali-bengali-${weight}-normal.woff2`,
    ),
  );
const target = path.join(root, "src/shared/head-fonts.ts");

const taka = await subsetFont(face(400), "\u09F3", { targetFormat: "woff2" });
const banglaName = await subsetFont(face(700), LANGUAGE_NAMES.bn, { targetFormat: "woff2" });
fs.writeFileSync(
  target,
  `// Written by scripts/make-head-fonts.ts: do not edit.
/** The taka sign (৳, U+09F3) and nothing else, cut from Noto Sans Bengali (SIL Open Font License 1.1): a WOFF2 font, base64. */
export const TAKA_FONT_WOFF2_BASE64 =
  "${taka.toString("base64")}";

/** The glyphs of "${LANGUAGE_NAMES.bn}" (the language switch's label), cut from Noto Sans Bengali Bold: a WOFF2 font, base64. */
export const BANGLA_NAME_FONT_WOFF2_BASE64 =
  "${banglaName.toString("base64")}";
`,
);
console.log(
  `${path.relative(root, target)}: ৳ ${taka.length} bytes, ${LANGUAGE_NAMES.bn} ${banglaName.length} bytes`,
);
