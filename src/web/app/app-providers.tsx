import { type QueryClient, QueryClientProvider } from "@tanstack/react-query";
import type { ReactNode } from "react";
import { ToastContainer } from "react-toastify";
import { useTheme } from "#web/lib/theme.ts";
import { TOAST_AUTO_CLOSE_MS, TOAST_LIMIT } from "./toasts.ts";

// react-toastify 11 injects its own stylesheet; importing ReactToastify.css as well would double it.
export function AppProviders({ queryClient, children }: { queryClient: QueryClient; children: ReactNode }) {
  const { theme } = useTheme();
  return (
    <QueryClientProvider client={queryClient}>
      {children}
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
