import { type QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { type ComponentType, lazy, type ReactNode, Suspense, useEffect, useState } from "react";
import { CardCornerContext, type CornerBike } from "#web/components/card-corner.tsx";
import { SaveButton, SavedHeartsProvider } from "#web/features/saved/save-button.tsx";
import { setApiLanguage } from "#web/lib/api-client.ts";
import { ENGLISH, type Language, LanguageProvider, sayIn } from "#web/lib/i18n.tsx";
import { useTheme } from "#web/lib/theme.ts";
import { loadToasts, type ToastContainerProps } from "#web/lib/toast.ts";
import { TOAST_AUTO_CLOSE_MS, TOAST_LIMIT } from "./toasts.ts";

/**
 * The heart on every market card (the saved feature), laid over the card by the listings feature.
 * In the page's first code, not loaded after it: a heart loaded later was drawn into each card on its
 * own (24 renders and restyles of a list after hydration, the costliest part of a phone's first
 * seconds on the list), and it is in the server's HTML this way.
 */
const saveHeart = (bike: CornerBike) => <SaveButton listing={bike} />;

/** Loaded after the page is up (src/web/lib/toast.ts), never on the server. */
const ToastContainer = lazy(
  (): Promise<{ default: ComponentType<ToastContainerProps> }> =>
    loadToasts().then(
      (lib) => ({ default: lib.ToastContainer }),
      // A page without toasts rather than no page: the chunk did not arrive (a later toast tries again).
      () => ({ default: () => null }),
    ),
);

/** The toasts' container, on the page once it has hydrated: the server's HTML and the first render have none. */
function Toasts() {
  const { theme } = useTheme();
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  return (
    // A box of their own, in the server's HTML too: the container arriving after hydration is then
    // not a new last child beside the page, which made the browser restyle the whole page (~850
    // elements; a react-toastify rule, `…:not(:last-child) > *`, has any element whose last-child
    // state changes restyle all it holds).
    <div data-toasts>
      {hydrated ? (
        <Suspense fallback={null}>
          {/* Top right under the top bar (styles.css keeps them there on a phone too), two at a time. */}
          <ToastContainer
            position="top-right"
            autoClose={TOAST_AUTO_CLOSE_MS}
            limit={TOAST_LIMIT}
            theme={theme}
            newestOnTop
          />
        </Suspense>
      ) : null}
    </div>
  );
}

/** The API is asked in the page's language, and its client's own English texts are said in it. */
const speakToApi = (language: Language) => setApiLanguage(language.locale, (text) => sayIn(text, language));

// The toasts' stylesheet is in styles.css: "react-toastify" resolves to its unstyled build (vite.config.ts).
export function AppProviders({
  queryClient,
  language = ENGLISH,
  children,
}: {
  queryClient: QueryClient;
  /** The page's language, its messages loaded (src/web/lib/i18n.tsx). */
  language?: Language;
  children: ReactNode;
}) {
  return (
    <QueryClientProvider client={queryClient}>
      <LanguageProvider initial={language} onChange={speakToApi}>
        <SavedHeartsProvider>
          <CardCornerContext.Provider value={saveHeart}>{children}</CardCornerContext.Provider>
        </SavedHeartsProvider>
        <Toasts />
      </LanguageProvider>
    </QueryClientProvider>
  );
}
