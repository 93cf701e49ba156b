import type { Page } from "@playwright/test";
import { expect, test } from "./fixtures.ts";

/*
 * Layout shift, measured as Lighthouse does (every shift not caused by input): shared by
 * layout-stability.spec.ts (every page) and booking-hold.spec.ts (a bike's page its buyer has booked).
 */

type Shift = { value: number; sources: string[] };
declare global {
  interface Window {
    __shifts?: Shift[];
  }
}

/**
 * Collects every layout shift not caused by input from the very start of the document, with the
 * elements that moved, so a failure names what shifted.
 */
export async function recordShifts(page: Page) {
  await page.addInitScript(() => {
    window.__shifts = [];
    const nameOf = (node: Node | null | undefined) => {
      if (!(node instanceof Element)) return String(node?.nodeName ?? "?");
      const label = node.getAttribute("aria-label") ?? node.id ?? "";
      return `${node.tagName.toLowerCase()}${label ? `[${label}]` : ""}.${String(node.className).slice(0, 60)}`;
    };
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as (PerformanceEntry & {
        value: number;
        hadRecentInput: boolean;
        sources?: { node?: Node | null }[];
      })[]) {
        if (entry.hadRecentInput) continue;
        window.__shifts!.push({
          value: entry.value,
          sources: (entry.sources ?? []).map((s) => nameOf(s.node)),
        });
      }
    }).observe({ type: "layout-shift", buffered: true });
  });
}

/** The page's cumulative layout shift once it is loaded and its network is idle. */
export async function settledShifts(page: Page) {
  await page.waitForLoadState("networkidle");
  // Every image on the page has either arrived or failed: nothing left that could still move things.
  await expect
    .poll(() =>
      page.evaluate(() => [...document.images].every((img) => img.loading === "lazy" || img.complete)),
    )
    .toBe(true);
  const shifts = await page.evaluate(() => window.__shifts ?? []);
  const total = shifts.reduce((sum, s) => sum + s.value, 0);
  // In the report, so a run shows how close each page is to the limit.
  test.info().annotations.push({
    type: "CLS",
    description: [total.toFixed(4), ...new Set(shifts.flatMap((s) => s.sources))].join(" "),
  });
  return { total, shifts };
}
