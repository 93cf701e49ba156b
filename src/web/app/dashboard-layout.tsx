import { LayoutDashboard, Menu } from "lucide-react";
import { useEffect, useId, useRef, useState } from "react";
import { NavLink, Outlet, useLocation } from "react-router";
import { Spinner } from "#web/components/spinner.tsx";
import { paths } from "#web/config/paths.ts";
import { useSession } from "#web/lib/session.ts";
import { DASHBOARD_MENU } from "./dashboard-menu.ts";
import { RequireAuth } from "./guards.tsx";

function DashboardShell() {
  const { user } = useSession();
  const [open, setOpen] = useState(false);
  const toggleId = useId();
  const menuId = useId();
  const openButtonRef = useRef<HTMLButtonElement>(null);
  const menuRef = useRef<HTMLUListElement>(null);
  const location = useLocation();

  // biome-ignore lint/correctness/useExhaustiveDependencies: location is the trigger, not an input.
  useEffect(() => setOpen(false), [location.pathname]);

  // On small screens the drawer covers the page: move focus into it, and let Escape close it.
  useEffect(() => {
    if (!open) return;
    menuRef.current?.querySelector<HTMLElement>("a")?.focus();
    const onKey = (e: KeyboardEvent) => {
      if (e.key !== "Escape") return;
      setOpen(false);
      openButtonRef.current?.focus();
    };
    document.addEventListener("keydown", onKey);
    return () => document.removeEventListener("keydown", onKey);
  }, [open]);

  if (!user) return <Spinner block />;
  const items = DASHBOARD_MENU[user.role];

  return (
    <div className="drawer lg:drawer-open">
      {/* daisyUI drives the drawer from this checkbox; the button below is the control people use. */}
      <input
        id={toggleId}
        type="checkbox"
        className="drawer-toggle"
        checked={open}
        onChange={(e) => setOpen(e.target.checked)}
        tabIndex={-1}
        aria-hidden="true"
      />
      <div className="drawer-content min-h-[60vh] px-4 py-6 sm:px-6 lg:px-8">
        <button
          ref={openButtonRef}
          type="button"
          className="btn btn-outline btn-sm mb-4 lg:hidden"
          aria-label="Open dashboard menu"
          aria-expanded={open}
          aria-controls={menuId}
          onClick={() => setOpen((v) => !v)}
        >
          <Menu className="size-4" aria-hidden="true" />
          Menu
        </button>
        <Outlet />
      </div>
      <div className="drawer-side z-40 lg:top-16 lg:h-[calc(100dvh-4rem)]">
        {/* Out of the tab order: keyboard users close the drawer with Escape or the menu button. */}
        <button
          type="button"
          tabIndex={-1}
          aria-label="Close dashboard menu"
          className="drawer-overlay"
          onClick={() => setOpen(false)}
        />
        <nav aria-label="Dashboard" className="min-h-full w-64 border-r border-base-300 bg-base-200">
          <ul id={menuId} ref={menuRef} className="menu w-full gap-1 p-4">
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
      </div>
    </div>
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
