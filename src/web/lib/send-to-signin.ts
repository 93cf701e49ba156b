import { useLocation, useNavigate } from "react-router";
import { MSG } from "#shared/messages.ts";
import { paths } from "#web/config/paths.ts";
import { sayNow } from "#web/lib/i18n.tsx";
import { toast } from "#web/lib/toast.ts";

/** The `from` value for the page the user is on now, so sign-in can return them to it. */
export function currentPath(location: { pathname: string; search: string; hash: string }): string {
  return `${location.pathname}${location.search}${location.hash}`;
}

/**
 * For a signed-out visitor who tries what needs an account (book, report): say so, sign in, come
 * back — to this page, or to `from` when the way back should carry more (the booking form open).
 */
export function useSendToSignin(): (from?: string) => void {
  const navigate = useNavigate();
  const location = useLocation();
  return (from) => {
    toast.info(sayNow(MSG.auth.signInFirst));
    void navigate(paths.signin.getHref(from ?? currentPath(location)));
  };
}
