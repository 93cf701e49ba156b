import type { ReactNode } from "react";
import { Navigate, useLocation } from "react-router";
import type { Role } from "#shared/schemas/auth.ts";
import { LoadError } from "#web/components/load-error.tsx";
import { Spinner } from "#web/components/spinner.tsx";
import { paths } from "#web/config/paths.ts";
import { isUnreachable } from "#web/lib/api-client.ts";
import { currentPath } from "#web/lib/send-to-signin.ts";
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
  return (
    <Guard allow={(r) => r === allowed} adminPage={allowed === "admin"}>
      {children}
    </Guard>
  );
}

function Guard({
  allow,
  adminPage = false,
  children,
}: {
  allow: (role: Role) => boolean;
  adminPage?: boolean;
  children: ReactNode;
}) {
  const { user, isLoading, error, retry } = useSession();
  const location = useLocation();
  // Not known is not signed out: while the API cannot be reached the page waits under the banner,
  // which retries and refetches the session, and then this page opens where the person asked.
  if (!user && error && !isUnreachable(error)) return <LoadError error={error} onRetry={retry} />;
  if (isLoading) return <Spinner />;
  if (!user || !allow(user.role)) {
    return <Navigate to={paths.signin.getHref(currentPath(location))} replace />;
  }
  // The admin APIs refuse such an admin (403) until they enrol: send them where they do.
  if (adminPage && user.mfaRequired && !user.mfaEnabled) {
    return <Navigate to={paths.twoFactor.getHref()} replace />;
  }
  return children;
}
