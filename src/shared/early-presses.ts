/**
 * Where the page's head script (head-script.ts) keeps the presses of a rendered page's buttons made
 * before the app's code has come, for the app to carry out once it has hydrated
 * (src/web/app/early-presses.tsx). A module of its own, like theme-storage.ts: the app's code needs
 * only the name, not the head script and the font bytes in it.
 */
export const EARLY_PRESSES_GLOBAL = "motohaatEarlyPresses";
