import { type QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { lazy, type ReactNode, Suspense } from "react";
import { ToastContainer } from "react-toastify";
import { CardCornerContext, type CornerBike } from "#web/components/card-corner.tsx";
import { useTheme } from "#web/lib/theme.ts";
import { TOAST_AUTO_CLOSE_MS, TOAST_LIMIT } from "./toasts.ts";

/**
 * The heart on every market card (the saved feature), laid over the card by the listings feature.
 * Loaded after the cards (its mutation and toasts are not needed to paint a list: issue 12's budget).
 */
const SaveButton = lazy(() =>
  import("#web/features/saved/save-button.tsx").then((m) => ({ default: m.SaveButton })),
);
const saveHeart = (bike: CornerBike) => (
  <Suspense fallback={null}>
    <SaveButton listing={bike} />
  </Suspense>
);

// react-toastify 11 injects its own stylesheet; importing ReactToastify.css as well would double it.
export function AppProviders({ queryClient, children }: { queryClient: QueryClient; children: ReactNode }) {
  const { theme } = useTheme();
  return (
    <QueryClientProvider client={queryClient}>
      <CardCornerContext.Provider value={saveHeart}>{children}</CardCornerContext.Provider>
      {/* Top right under the top bar (styles.css keeps them there on a phone too), two at a time. */}
      <ToastContainer
        position="top-right"
        autoClose={TOAST_AUTO_CLOSE_MS}
        limit={TOAST_LIMIT}
        theme={theme}
        newestOnTop
      />
    </QueryClientProvider>
  );
}
