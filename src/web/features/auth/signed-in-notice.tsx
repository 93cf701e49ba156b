import { Info } from "lucide-react";
import { useTexts } from "#web/lib/i18n.tsx";
import { useSession } from "#web/lib/session.ts";
import { ACCOUNT_PAGES_TEXT } from "#web/texts/account.ts";

/**
 * Guards send a signed-in user with the wrong role here too, so the sign-in and sign-up pages say
 * who is signed in rather than bouncing them away again.
 */
export function SignedInNotice() {
  const T = useTexts(ACCOUNT_PAGES_TEXT).accountPages;
  const { user } = useSession();
  if (!user) return null;
  return (
    <div role="status" className="alert border-base-300 bg-base-200 text-base-content">
      <Info className="size-5 shrink-0 text-primary" aria-hidden="true" />
      <span>
        {T.signedIn.before}
        <strong>{user.name}</strong>
        {T.signedIn.after(T.roles[user.role])}
      </span>
    </div>
  );
}
