import { LayoutDashboard } from "lucide-react";
import { lazy, Suspense } from "react";
import { NavLink } from "react-router";
import type { Role } from "#shared/schemas/auth.ts";
import { DASHBOARD_MENU, DASHBOARD_OVERVIEW, DASHBOARD_ROLE_TITLE } from "./dashboard-menu.ts";

/** Lazily: the top bar holds this menu on every page, and a visitor's first load needs none of it. */
const UnreadMessagesBadge = lazy(() =>
  import("#web/features/messages/unread-badge.tsx").then((m) => ({ default: m.UnreadMessagesBadge })),
);

type DashboardNavProps = {
  role: Role;
  /** A heading above the list (the top bar's phone menu, where the dashboard is one part of it). */
  title?: string;
  /** Called on a click: the phone menu closes. */
  onNavigate?: () => void;
  className?: string;
};

const active = ({ isActive }: { isActive: boolean }) => (isActive ? "menu-active" : "");

/**
 * The dashboard's pages for one role: beside the page on a wide screen (the dashboard's layout),
 * in the top bar's menu on a phone, so a phone has one menu button.
 */
export function DashboardNav({ role, title, onNavigate, className = "" }: DashboardNavProps) {
  return (
    <nav aria-label="Dashboard">
      <ul className={`menu w-full gap-1 ${className}`}>
        {title ? <li className="menu-title text-base-content/70">{title}</li> : null}
        <li>
          <NavLink to={DASHBOARD_OVERVIEW.href} end onClick={onNavigate} className={active}>
            <LayoutDashboard className="size-4" aria-hidden="true" />
            {DASHBOARD_OVERVIEW.label}
          </NavLink>
        </li>
        <li className="menu-title text-base-content/70">{DASHBOARD_ROLE_TITLE[role]}</li>
        {DASHBOARD_MENU[role].map((item) => (
          <li key={item.href}>
            <NavLink to={item.href} onClick={onNavigate} className={active}>
              {item.label}
              {item.badge === "unreadMessages" ? (
                <Suspense fallback={null}>
                  <UnreadMessagesBadge />
                </Suspense>
              ) : null}
            </NavLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}
