import { Share2 } from "lucide-react";
import { formatTaka } from "#shared/format.ts";
import { MSG } from "#shared/messages.ts";
import type { Listing } from "#shared/schemas/listings.ts";
import { paths } from "#web/config/paths.ts";
import { toast } from "#web/lib/toast.ts";

type ShareButtonProps = {
  listing: Pick<Listing, "id" | "model" | "askingPrice">;
  className?: string;
};

/**
 * Shares the bike's page: the phone's share sheet (Web Share API) where there is one, else the link
 * is copied and a toast says so. The link is the bike's own address, without what the current page
 * adds to it (`?book=1`).
 */
export function ShareButton({ listing, className = "btn-outline btn-sm" }: ShareButtonProps) {
  const share = async () => {
    const url = new URL(paths.listingDetails.getHref(listing.id), window.location.origin).href;
    if (typeof navigator.share === "function") {
      try {
        await navigator.share({
          title: `${listing.model} — MotoHaat`,
          text: `${listing.model} for ${formatTaka(listing.askingPrice)} on MotoHaat`,
          url,
        });
      } catch (err) {
        // Closing the share sheet is a choice, not a failure.
        if (err instanceof DOMException && err.name === "AbortError") return;
        toast.error(MSG.generic.somethingWrong);
      }
      return;
    }
    try {
      await navigator.clipboard.writeText(url);
      toast.success(MSG.listing.linkCopied);
    } catch {
      toast.error(MSG.generic.somethingWrong);
    }
  };
  return (
    <button type="button" className={`btn ${className}`} onClick={() => void share()}>
      <Share2 className="size-4" aria-hidden="true" />
      Share
    </button>
  );
}
