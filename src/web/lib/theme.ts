import { useSyncExternalStore } from "react";
import { THEME_STORAGE_KEY } from "#shared/theme-storage.ts";

export type Theme = "light" | "dark";

/** The theme on <html>: the page's head script (#shared/head-script.ts) has already resolved the saved choice vs. the system setting. */
function currentTheme(): Theme {
  return document.documentElement.dataset.theme === "dark" ? "dark" : "light";
}

function applyTheme(theme: Theme): void {
  document.documentElement.dataset.theme = theme;
  try {
    localStorage.setItem(THEME_STORAGE_KEY, theme);
  } catch {
    // Storage blocked (private mode, policy): the theme still applies for this visit.
  }
}

// The attribute on <html> is the one source of truth, so the toggle, the toasts and anything else
// reading the theme cannot disagree.
function subscribe(onChange: () => void): () => void {
  const observer = new MutationObserver(onChange);
  observer.observe(document.documentElement, { attributes: true, attributeFilter: ["data-theme"] });
  return () => observer.disconnect();
}

export function useTheme(): { theme: Theme; toggle: () => void } {
  // A page rendered on the server cannot know the visitor's theme: its HTML has the light one's toggle,
  // which the browser corrects right after hydration (the page's colours come from <html> all along).
  const theme = useSyncExternalStore(subscribe, currentTheme, () => "light" as const);
  const toggle = () => applyTheme(currentTheme() === "dark" ? "light" : "dark");
  return { theme, toggle };
}
