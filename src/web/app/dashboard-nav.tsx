import { LayoutDashboard } from "lucide-react";
import { lazy, Suspense } from "react";
import { NavLink } from "react-router";
import type { Role } from "#shared/schemas/auth.ts";
import { useTexts } from "#web/lib/i18n.tsx";
import { DASHBOARD_PAGES_TEXT } from "#web/texts/dashboard.ts";
import { DASHBOARD_MENU, DASHBOARD_OVERVIEW } from "./dashboard-menu.ts";

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
  const T = useTexts(DASHBOARD_PAGES_TEXT).dashboardPages;
  return (
    <nav aria-label={T.menu.label}>
      <ul className={`menu w-full gap-1 ${className}`}>
        {title ? <li className="menu-title text-base-content/70">{title}</li> : null}
        <li>
          <NavLink to={DASHBOARD_OVERVIEW.href} end onClick={onNavigate} className={active}>
            <LayoutDashboard className="size-4" aria-hidden="true" />
            {T.menu[DASHBOARD_OVERVIEW.label]}
          </NavLink>
        </li>
        <li className="menu-title text-base-content/70">{T.roles[role]}</li>
        {DASHBOARD_MENU[role].map((item) => (
          <li key={item.href}>
            <NavLink to={item.href} onClick={onNavigate} className={active}>
              {T.menu[item.label]}
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
