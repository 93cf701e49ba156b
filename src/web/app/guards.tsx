import type { ReactNode } from "react";
import { Navigate, useLocation } from "react-router";
import type { Role } from "#shared/schemas/auth.ts";
import { Spinner } from "#web/components/spinner.tsx";
import { paths } from "#web/config/paths.ts";
import { currentPath } from "#web/features/auth/safe-redirect.ts";
import { useSession } from "#web/lib/session.ts";

/**
 * Convenience only: these keep people away from pages they cannot use. The server checks every
 * call on its own, so a guard that is bypassed shows an empty page, never someone else's data.
 */
export function RequireAuth({ children }: { children: ReactNode }) {
  return <Guard allow={() => true}>{children}</Guard>;
}

/** `allowed`, not `role`: a `role` prop reads as an ARIA role to linters and to readers of JSX. */
export function RequireRole({ allowed, children }: { allowed: Role; children: ReactNode }) {
  return <Guard allow={(r) => r === allowed}>{children}</Guard>;
}

function Guard({ allow, children }: { allow: (role: Role) => boolean; children: ReactNode }) {
  const { user, isLoading } = useSession();
  const location = useLocation();
  if (isLoading) return <Spinner block />;
  if (!user || !allow(user.role)) {
    return <Navigate to={paths.signin.getHref(currentPath(location))} replace />;
  }
  return children;
}
