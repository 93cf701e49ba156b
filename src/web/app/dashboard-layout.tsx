import { Outlet } from "react-router";
import { Spinner } from "#web/components/spinner.tsx";
import { useSession } from "#web/lib/session.ts";
import { DashboardNav } from "./dashboard-nav.tsx";
import { RequireAuth } from "./guards.tsx";

/**
 * The dashboard's pages beside their menu on a wide screen. Below `lg` the menu lives in the top
 * bar's menu (one menu button on a phone, not one for the site and another for the dashboard).
 */
function DashboardShell() {
  const { user } = useSession();
  if (!user) return <Spinner />;
  return (
    <div className="lg:flex">
      <aside className="hidden w-64 shrink-0 self-start overflow-y-auto border-r border-base-300 bg-base-200 lg:sticky lg:top-16 lg:block lg:h-[calc(100dvh-4rem)]">
        <DashboardNav role={user.role} className="p-4" />
      </aside>
      <div className="min-h-[60vh] min-w-0 flex-1 px-4 py-4 sm:px-6 sm:py-6 lg:px-8">
        <Outlet />
      </div>
    </div>
  );
}

export function DashboardLayout() {
  return (
    <RequireAuth>
      <DashboardShell />
    </RequireAuth>
  );
}
