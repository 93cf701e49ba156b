import fs from "node:fs";
import path from "node:path";
import { compileCatalogue } from "../src/shared/i18n/compile.ts";

/** `import catalogue from "virtual:catalogue/bn"`: src/shared/i18n/bn.json, compiled (src/shared/i18n/compile.ts). */
const PREFIX = "virtual:catalogue/";
const RESOLVED = `\0${PREFIX}`;
const CATALOGUES = path.resolve(import.meta.dirname, "../src/shared/i18n");

/**
 * The other languages' catalogues as the browser and the renderer take them: compiled by the build, so
 * neither needs ICU's parser (decision 031). Used by vite.config.ts and vitest.config.ts alike.
 */
export function catalogues() {
  return {
    name: "motohaat-catalogues",
    resolveId(id: string) {
      return id.startsWith(PREFIX) ? `\0${id}` : undefined;
    },
    load(id: string) {
      if (!id.startsWith(RESOLVED)) return undefined;
      const locale = id.slice(RESOLVED.length);
      if (!/^[a-z]{2}$/.test(locale)) throw new Error(`no catalogue ${locale}`);
      const file = path.join(CATALOGUES, `${locale}.json`);
      (this as { addWatchFile?(file: string): void }).addWatchFile?.(file);
      const messages = JSON.parse(fs.readFileSync(file, "utf8")) as Record<string, string>;
      return `export default ${JSON.stringify(compileCatalogue(messages))};`;
    },
  };
}
