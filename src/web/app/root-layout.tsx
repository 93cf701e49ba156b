import type { ReactNode } from "react";
import { Outlet, useNavigation } from "react-router";
import { Spinner } from "#web/components/spinner.tsx";
import { useTexts } from "#web/lib/i18n.tsx";
import { BROWSE_PAGES_TEXT } from "#web/texts/browse.ts";
import { Footer } from "./footer.tsx";
import { Navbar } from "./navbar.tsx";
import { NetworkBanner } from "./network-banner.tsx";
import { PageScroll } from "./scroll-restoration.tsx";

/** Shown while a lazily loaded page (or its data) is on its way, so a click never looks ignored. */
function NavigationProgress() {
  const navigation = useNavigation();
  const T = useTexts(BROWSE_PAGES_TEXT).browsePages.layout;
  if (navigation.state === "idle") return null;
  return (
    <progress
      className="progress progress-primary fixed inset-x-0 top-0 z-50 h-1 rounded-none"
      aria-label={T.loadingPage}
    />
  );
}

function Shell({ children }: { children: ReactNode }) {
  const T = useTexts(BROWSE_PAGES_TEXT).browsePages.layout;
  return (
    <div className="flex min-h-dvh flex-col bg-base-100 text-base-content">
      <a
        href="#main"
        className="btn btn-primary btn-sm sr-only focus:not-sr-only focus:fixed focus:top-2 focus:left-2 focus:z-50"
      >
        {T.skipToContent}
      </a>
      <NavigationProgress />
      <Navbar />
      {/* At least a screen tall: the footer starts below the fold, so a page filling in never pushes it (CLS). */}
      <main id="main" tabIndex={-1} className="mx-auto min-h-dvh w-full max-w-[1440px] flex-1 outline-none">
        {children}
      </main>
      <Footer />
      <NetworkBanner />
    </div>
  );
}

export function RootLayout() {
  return (
    <Shell>
      <Outlet />
      <PageScroll />
    </Shell>
  );
}

/** The first page's code is still loading: show the frame around it already, so nothing jumps. */
export function RootLayoutFallback() {
  return (
    <Shell>
      <Spinner />
    </Shell>
  );
}
