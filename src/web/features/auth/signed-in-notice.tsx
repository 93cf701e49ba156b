import { Info } from "lucide-react";
import { useSession } from "#web/lib/session.ts";

/**
 * Guards send a signed-in user with the wrong role here too, so the sign-in and sign-up pages say
 * who is signed in rather than bouncing them away again.
 */
export function SignedInNotice() {
  const { user } = useSession();
  if (!user) return null;
  return (
    <div role="status" className="alert border-base-300 bg-base-200 text-base-content">
      <Info className="size-5 shrink-0 text-primary" aria-hidden="true" />
      <span>
        You are signed in as <strong>{user.name}</strong> ({user.role}). Sign in with another account to open
        pages meant for a different role.
      </span>
    </div>
  );
}
