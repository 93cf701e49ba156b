import { LayoutDashboard, Menu } from "lucide-react";
import { NavLink, Outlet } from "react-router";
import { SideDrawer } from "#web/components/side-drawer.tsx";
import { Spinner } from "#web/components/spinner.tsx";
import { paths } from "#web/config/paths.ts";
import { useSession } from "#web/lib/session.ts";
import { DASHBOARD_MENU } from "./dashboard-menu.ts";
import { RequireAuth } from "./guards.tsx";

function DashboardShell() {
  const { user } = useSession();
  if (!user) return <Spinner />;
  const items = DASHBOARD_MENU[user.role];

  const menu = (
    <nav aria-label="Dashboard">
      <ul className="menu w-full gap-1 p-4">
        {/* "Overview", not "Dashboard": the top bar already has a link by that name. */}
        <li>
          <NavLink
            to={paths.dashboard.root.getHref()}
            end
            className={({ isActive }) => (isActive ? "menu-active" : "")}
          >
            <LayoutDashboard className="size-4" aria-hidden="true" />
            Overview
          </NavLink>
        </li>
        <li className="menu-title text-base-content/70">{roleTitle[user.role]}</li>
        {items.map((item) => (
          <li key={item.href}>
            <NavLink to={item.href} className={({ isActive }) => (isActive ? "menu-active" : "")}>
              {item.label}
            </NavLink>
          </li>
        ))}
      </ul>
    </nav>
  );

  return (
    <SideDrawer
      buttonContent={
        <>
          <Menu className="size-4" aria-hidden="true" />
          Menu
        </>
      }
      buttonLabel="Open dashboard menu"
      closeLabel="Close dashboard menu"
      panel={menu}
    >
      <Outlet />
    </SideDrawer>
  );
}

const roleTitle = { buyer: "Buyer", seller: "Seller", admin: "Admin" } as const;

export function DashboardLayout() {
  return (
    <RequireAuth>
      <DashboardShell />
    </RequireAuth>
  );
}
