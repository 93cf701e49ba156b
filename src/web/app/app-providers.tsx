import { type QueryClient, QueryClientProvider } from "@tanstack/react-query";
import type { ReactNode } from "react";
import { ToastContainer } from "react-toastify";
import { useTheme } from "#web/lib/theme.ts";

// react-toastify 11 injects its own stylesheet; importing ReactToastify.css as well would double it.
export function AppProviders({ queryClient, children }: { queryClient: QueryClient; children: ReactNode }) {
  const { theme } = useTheme();
  return (
    <QueryClientProvider client={queryClient}>
      {children}
      <ToastContainer position="top-right" autoClose={5000} theme={theme} newestOnTop />
    </QueryClientProvider>
  );
}
