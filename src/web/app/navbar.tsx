import { LogOut, Menu, X } from "lucide-react";
import { lazy, Suspense, useEffect, useId, useRef, useState } from "react";
import { Link, NavLink, useLocation, useNavigate } from "react-router";
import type { User } from "#shared/schemas/auth.ts";
import { Logo } from "#web/components/logo.tsx";
import { UserAvatar } from "#web/components/user-avatar.tsx";
import { paths } from "#web/config/paths.ts";
import { useSignout } from "#web/features/auth/api.ts";
import { errorMessage } from "#web/lib/api-client.ts";
import { useTexts } from "#web/lib/i18n.tsx";
import { useSession } from "#web/lib/session.ts";
import { toast } from "#web/lib/toast.ts";
import { SHELL_TEXT } from "#web/texts/shell.ts";
import { DashboardNav } from "./dashboard-nav.tsx";
import { LanguageSwitch } from "./language-switch.tsx";
import { ThemeToggle } from "./theme-toggle.tsx";

const SignedInTools = lazy(() => import("./signed-in-tools.tsx"));

type NavItem = { label: string; to: string; end?: boolean; hash?: boolean };

function navItems(user: User | null, T: typeof SHELL_TEXT.shell.nav): NavItem[] {
  return [
    { label: T.home, to: paths.home.getHref(), end: true },
    ...(user?.role === "buyer" ? [{ label: T.products, to: paths.listings.getHref("all") }] : []),
    { label: T.blog, to: paths.blog.getHref() },
    ...(user ? [{ label: T.dashboard, to: paths.dashboard.root.getHref() }] : []),
    { label: T.aboutUs, to: paths.aboutUs.getHref(), hash: true },
    { label: T.contactUs, to: paths.contact.getHref(), hash: true },
  ];
}

function NavItems({ items, onNavigate }: { items: NavItem[]; onNavigate?: () => void }) {
  return items.map((item) => (
    <li key={item.to}>
      {item.hash ? (
        // A NavLink would mark these active on every visit to "/", beside Home.
        <Link to={item.to} onClick={onNavigate}>
          {item.label}
        </Link>
      ) : (
        <NavLink
          to={item.to}
          end={item.end ?? false}
          onClick={onNavigate}
          className={({ isActive }) => (isActive ? "menu-active" : "")}
        >
          {item.label}
        </NavLink>
      )}
    </li>
  ));
}

function useSignOutAction() {
  const navigate = useNavigate();
  const signout = useSignout();
  const run = async () => {
    try {
      await signout.mutateAsync();
    } catch (err) {
      toast.error(errorMessage(err));
      return;
    }
    // Leave first: dropping the user while a guarded page is still rendered would bounce to
    // sign-in. The router renders in a transition, so flushSync makes "left" true before forget.
    await navigate(paths.home.getHref(), { flushSync: true });
    signout.forget();
  };
  return { run, isPending: signout.isPending };
}

export function Navbar() {
  const T = useTexts(SHELL_TEXT).shell;
  const { user, isLoading, error } = useSession();
  const [menuOpen, setMenuOpen] = useState(false);
  const menuId = useId();
  const toggleRef = useRef<HTMLButtonElement>(null);
  const location = useLocation();
  const signOut = useSignOutAction();
  const items = navItems(user, T.nav);

  // Any navigation (link, back button) closes the mobile menu.
  // biome-ignore lint/correctness/useExhaustiveDependencies: location is the trigger, not an input.
  useEffect(() => setMenuOpen(false), [location.pathname, location.hash]);

  useEffect(() => {
    if (!menuOpen) return;
    const onKey = (e: KeyboardEvent) => {
      if (e.key !== "Escape") return;
      setMenuOpen(false);
      toggleRef.current?.focus();
    };
    document.addEventListener("keydown", onKey);
    return () => document.removeEventListener("keydown", onKey);
  }, [menuOpen]);

  const signOutButton = (extra = "") => (
    <button
      type="button"
      className={`btn btn-outline btn-sm ${extra}`}
      onClick={signOut.run}
      disabled={signOut.isPending}
    >
      <LogOut className="size-4" aria-hidden="true" />
      {T.signOut}
    </button>
  );

  const signUpLink = (extra = "") => (
    <Link to={paths.signup.getHref()} className={`btn btn-ghost btn-sm ${extra}`}>
      {T.signUp}
    </Link>
  );

  return (
    <header className="sticky top-0 z-30 border-b border-base-300 bg-base-100/95 backdrop-blur">
      <nav aria-label={T.nav.main} className="navbar mx-auto max-w-[1440px] gap-1 px-2 sm:gap-2 sm:px-4">
        <div className="flex flex-1 items-center gap-1">
          <button
            ref={toggleRef}
            type="button"
            className="btn btn-ghost btn-square lg:hidden"
            aria-label={menuOpen ? T.closeMenu : T.openMenu}
            aria-expanded={menuOpen}
            aria-controls={menuId}
            onClick={() => setMenuOpen((open) => !open)}
          >
            {menuOpen ? (
              <X className="size-5" aria-hidden="true" />
            ) : (
              <Menu className="size-5" aria-hidden="true" />
            )}
          </button>
          <Link to={paths.home.getHref()} className="rounded-btn px-1" aria-label={T.homeLink}>
            <Logo />
          </Link>
        </div>

        {/* Kept out of sight until the session is known (or cannot be): its links depend on who is
            signed in, and links appearing beside visible ones would move them (CLS). As wide as the
            longest list (a buyer's), so the parts either side keep their place too. */}
        <ul
          className={`menu menu-horizontal hidden justify-center gap-1 px-1 lg:flex lg:min-w-[34rem] ${isLoading && !error ? "invisible" : ""}`}
        >
          <NavItems items={items} />
        </ul>

        <div className="flex flex-1 items-center justify-end gap-1 sm:gap-2">
          <LanguageSwitch />
          <ThemeToggle className="hidden sm:inline-flex" />
          {/* As wide and tall as the largest of its contents (Sign Up and Sign In, or the photo and Sign
              Out; below sm Sign In alone), so the theme toggle stays put when the session arrives (CLS). */}
          <div className="flex min-h-10 min-w-[4.75rem] items-center justify-end gap-1 sm:min-w-[10.5rem] sm:gap-2">
            {isLoading ? (
              <span className="loading loading-dots loading-sm" role="status" aria-label={T.loadingAccount} />
            ) : user ? (
              <>
                {/* Until its chunk arrives, the space of its icons (Messages for buyers and sellers, the
                    bell for all), so the theme toggle does not move when they appear (CLS). */}
                <Suspense
                  fallback={
                    <span
                      aria-hidden="true"
                      className={
                        user.role === "admin" ? "inline-block size-8" : "inline-block h-8 w-[4.5rem]"
                      }
                    />
                  }
                >
                  <SignedInTools />
                </Suspense>
                <Link
                  to={paths.dashboard.profile.getHref()}
                  className="shrink-0 rounded-full focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-primary"
                >
                  {/* Smaller on a phone: with Messages and the bell, the bar must fit 360 px. */}
                  <UserAvatar user={user} size="size-8 sm:size-10" loading="eager" />
                </Link>
                {signOutButton("hidden sm:inline-flex")}
              </>
            ) : (
              <>
                {signUpLink("hidden sm:inline-flex")}
                <Link to={paths.signin.getHref()} className="btn btn-primary btn-sm px-2 sm:px-3">
                  {T.signIn}
                </Link>
              </>
            )}
          </div>
        </div>
      </nav>

      <div
        id={menuId}
        hidden={!menuOpen}
        className="border-t border-base-300 bg-base-100 px-2 pb-4 lg:hidden"
      >
        <ul className="menu w-full">
          {/* The dashboard's own part below stands for the Dashboard link here. */}
          <NavItems
            items={user ? items.filter((item) => item.to !== paths.dashboard.root.getHref()) : items}
            onNavigate={() => setMenuOpen(false)}
          />
        </ul>
        {user ? (
          // The dashboard's pages: a phone has this one menu button, not a second one in the dashboard.
          <DashboardNav
            role={user.role}
            title={T.nav.dashboard}
            onNavigate={() => setMenuOpen(false)}
            className="border-t border-base-300 pt-2"
          />
        ) : null}
        {isLoading ? null : (
          // Below sm the top bar has room for the photo or "Sign In" only; the rest lives here.
          <div className="flex flex-wrap gap-2 px-4 sm:hidden">
            {user ? signOutButton() : signUpLink("btn-outline")}
            <ThemeToggle labelled />
          </div>
        )}
      </div>
    </header>
  );
}
