/**
 * Where the person's choice of theme is kept: src/web/lib/theme.ts writes it and the head script
 * (head-script.ts) reads it before the first paint. A module of its own so that the app's code, which
 * needs only the key, does not carry the head script and the font bytes inside it.
 */
export const THEME_STORAGE_KEY = "motohaat-theme";
