import type { DehydratedState } from "@tanstack/react-query";
import type { HydrationState } from "react-router";
import type { CompiledCatalogue } from "#shared/i18n/compile.ts";
import type { Locale } from "#shared/i18n/locales.ts";
import { paths } from "#web/config/paths.ts";

/**
 * What a page rendered on the server hands the browser (src/web/entry-server.tsx → main.tsx): the
 * answers it was rendered from, so hydration renders the same page without asking for them again.
 * Sent as `<script type="application/json" id="…">`, which the CSP does not run.
 */
export type SsrState = {
  queries: DehydratedState;
  /** A page in another language than English: it and the compiled messages its render used. */
  language?: { locale: Locale; messages: CompiledCatalogue };
  router: Pick<HydrationState, "loaderData" | "actionData">;
};

export const SSR_STATE_ID = "ssr-state";

/**
 * Pages for a signed-in person (the dashboard) or about signing in: client-rendered, since their HTML
 * would be either a person's or an empty frame. Everything else is rendered on the server.
 */
const CLIENT_ONLY = [
  paths.dashboard.root,
  paths.signin,
  paths.signup,
  paths.resetPassword,
  paths.unsubscribe,
].map((page) => page.path);

/** Whether the server renders the page at `pathname`. */
export function isPublicPath(pathname: string): boolean {
  return !CLIENT_ONLY.some((prefix) => pathname === prefix || pathname.startsWith(`${prefix}/`));
}
