// First: it configures zod before any module that parses loads.
import "#web/lib/zod-config.ts";
import { StrictMode } from "react";
import { createRoot } from "react-dom/client";
import { RouterProvider } from "react-router/dom";
import { AppProviders } from "#web/app/app-providers.tsx";
import { createQueryClient } from "#web/app/query-client.ts";
import { clearToastsOnPageChange } from "#web/app/toasts.ts";
import { createRouter } from "#web/router.tsx";
import "./styles.css";

// One client for the pages and the router's loaders, which start a page's first request early.
const queryClient = createQueryClient();
const router = createRouter(queryClient);
clearToastsOnPageChange(router);

createRoot(document.getElementById("root")!).render(
  <StrictMode>
    <AppProviders queryClient={queryClient}>
      <RouterProvider router={router} />
    </AppProviders>
  </StrictMode>,
);
