import { Share2 } from "lucide-react";
import { MSG } from "#shared/messages.ts";
import type { Listing } from "#shared/schemas/listings.ts";
import { paths } from "#web/config/paths.ts";
import { useFormat, useTexts } from "#web/lib/i18n.tsx";
import { toast } from "#web/lib/toast.ts";
import { LISTING_PAGES_TEXT } from "#web/texts/listings.ts";

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
  const T = useTexts(LISTING_PAGES_TEXT).listingPages;
  const msg = useTexts(MSG);
  const format = useFormat();
  const share = async () => {
    const url = new URL(paths.listingDetails.getHref(listing.id), window.location.origin).href;
    if (typeof navigator.share === "function") {
      try {
        await navigator.share({
          title: T.detailsPage.title(listing.model),
          text: T.details.shareText(listing.model, format.taka(listing.askingPrice)),
          url,
        });
      } catch (err) {
        // Closing the share sheet is a choice, not a failure.
        if (err instanceof DOMException && err.name === "AbortError") return;
        toast.error(msg.generic.somethingWrong);
      }
      return;
    }
    try {
      await navigator.clipboard.writeText(url);
      toast.success(msg.listing.linkCopied);
    } catch {
      toast.error(msg.generic.somethingWrong);
    }
  };
  return (
    <button type="button" className={`btn ${className}`} onClick={() => void share()}>
      <Share2 className="size-4" aria-hidden="true" />
      {T.details.share}
    </button>
  );
}
