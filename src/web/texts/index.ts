import { SHELL_TEXT } from "./shell.ts";

/**
 * Every page text of the web app, for the catalogue's check (src/web/texts/texts.test.ts). Components
 * import their own module, never this one: each page's code carries only its own words.
 */
export const PAGE_TEXTS = { ...SHELL_TEXT };
