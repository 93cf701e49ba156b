import { Phone } from "lucide-react";
import { Link } from "react-router";
import { TALK_MSG } from "#shared/talk-messages.ts";
import { paths } from "#web/config/paths.ts";
import { useTexts } from "#web/lib/i18n.tsx";
import { useSession } from "#web/lib/session.ts";

/**
 * A seller with a live booking and no phone is asked for one (their buyer sees it while the booking
 * is held or paid, as they see the buyer's): nothing once they have given one.
 */
export function AddPhoneNotice() {
  const { user } = useSession();
  const T = useTexts(TALK_MSG).sellerPhone;
  if (user?.role !== "seller" || user.phone) return null;
  return (
    <div role="status" className="alert alert-info alert-soft flex flex-wrap items-center gap-3">
      <Phone className="size-5 shrink-0" aria-hidden="true" />
      <span className="min-w-0 flex-1">{T.askForIt}</span>
      <Link to={paths.dashboard.profile.getHref()} className="btn btn-sm btn-primary">
        {T.addIt}
      </Link>
    </div>
  );
}
