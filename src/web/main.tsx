// First: it configures zod before any module that parses loads.
import "#web/lib/zod-config.ts";
import { StrictMode } from "react";
import { createRoot } from "react-dom/client";
import { RouterProvider } from "react-router/dom";
import { AppProviders } from "#web/app/app-providers.tsx";
import { createRouter } from "#web/router.tsx";
import "./styles.css";

const router = createRouter();

createRoot(document.getElementById("root")!).render(
  <StrictMode>
    <AppProviders>
      <RouterProvider router={router} />
    </AppProviders>
  </StrictMode>,
);
