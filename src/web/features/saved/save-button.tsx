import { Heart } from "lucide-react";
import { MSG } from "#shared/messages.ts";
import { ApiError, errorMessage } from "#web/lib/api-client.ts";
import { useTexts } from "#web/lib/i18n.tsx";
import { useSendToSignin } from "#web/lib/send-to-signin.ts";
import { useSession } from "#web/lib/session.ts";
import { toast } from "#web/lib/toast.ts";
import { BROWSE_PAGES_TEXT } from "#web/texts/browse.ts";
import { useSavedIds, useToggleSaved } from "./api/saved.ts";

type SaveButtonProps = {
  listing: { id: string; model: string };
  /** "icon": a round heart over a card's photo; "button": a labelled button on the bike's page. */
  variant?: "icon" | "button";
};

/**
 * The heart: a toggle button named "Save {model}", pressed once saved. A buyer saves or unsaves at
 * once (changed back with a message if the server refuses); a signed-out visitor is sent to sign in
 * and brought back; sellers and admins do not see it.
 */
export function SaveButton({ listing, variant = "icon" }: SaveButtonProps) {
  const { user, isLoading } = useSession();
  const isBuyer = user?.role === "buyer";
  const ids = useSavedIds(isBuyer);
  const toggle = useToggleSaved();
  const sendToSignin = useSendToSignin();
  const talk = useTexts(MSG).saved;
  const T = useTexts(BROWSE_PAGES_TEXT).browsePages.saved;

  if (user && !isBuyer) return null;
  const saved = isBuyer && (ids.data?.has(listing.id) ?? false);

  const onClick = () => {
    if (!user) return sendToSignin();
    // The promise, not mutate's own callbacks: on the Saved page the card (and this button) goes
    // away as the list refreshes, and the toast must still say what happened.
    toggle.mutateAsync({ listingId: listing.id, saved: !saved }).then(
      () => toast.success((saved ? talk.unsavedToast : talk.savedToast)(listing.model)),
      (err: unknown) => {
        if (err instanceof ApiError && err.status === 401) return sendToSignin();
        toast.error(err instanceof ApiError && err.status < 500 ? errorMessage(err) : talk.failed);
      },
    );
  };

  const icon = <Heart className={`size-5 ${saved ? "fill-error text-error" : ""}`} aria-hidden="true" />;
  const common = {
    type: "button" as const,
    "aria-pressed": saved,
    // Waiting for the session or the saved ids: a press now could say the opposite of what is true.
    disabled: isLoading || (isBuyer && ids.isPending),
    onClick,
  };
  if (variant === "button") {
    return (
      // The name stays "Save {model}" (a toggle's name does not change); aria-pressed and the filled
      // heart say it is saved, and the tooltip says it in words.
      <button
        {...common}
        aria-label={talk.save(listing.model)}
        title={saved ? talk.savedLabel(listing.model) : undefined}
        className="btn btn-outline"
      >
        {icon}
        {T.save}
      </button>
    );
  }
  return (
    <button
      {...common}
      aria-label={talk.save(listing.model)}
      title={saved ? talk.savedLabel(listing.model) : talk.save(listing.model)}
      className="btn btn-circle btn-sm border-base-300 bg-base-100/90 shadow-sm"
    >
      {icon}
    </button>
  );
}
