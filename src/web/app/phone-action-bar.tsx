import type { ReactNode } from "react";
import { createPortal } from "react-dom";
import type { Listing } from "#shared/schemas/listings.ts";
import { Price } from "#web/components/price.tsx";
import { useTexts } from "#web/lib/i18n.tsx";
import { BROWSE_PAGES_TEXT } from "#web/texts/browse.ts";

type PhoneActionBarProps = {
  listing: Listing;
  /** Shown while the page's own actions are still below the screen. */
  show: boolean;
  /** The one action that matters most here: Book now, the buyer's booking, Edit for its seller. */
  action: ReactNode;
};

/**
 * On a phone the bike's actions sit below its photos, facts and papers (~1,400 px down): until they
 * are reached, its model, price and main action stay at the bottom of the screen. Fixed, so its
 * coming and going moves nothing else; gone on a large screen, where the actions are beside the photos.
 * Put in the document's body: a landmark of its own, outside the bike's article and the page's main.
 */
export function PhoneActionBar({ listing, show, action }: PhoneActionBarProps) {
  const T = useTexts(BROWSE_PAGES_TEXT).browsePages.listingActions;
  // `show` is only ever true after an observer reported, so never while rendering on a server.
  if (!show) return null;
  return createPortal(
    <aside
      aria-label={T.phoneBar}
      className="fixed inset-x-0 bottom-0 z-30 flex items-center gap-3 border-t border-base-300 bg-base-100 px-4 pt-2 pb-[max(0.5rem,env(safe-area-inset-bottom))] shadow-[0_-2px_8px_rgb(0_0_0/0.08)] lg:hidden"
    >
      <div className="min-w-0 flex-1">
        <p className="truncate text-sm">{listing.model}</p>
        <p className="font-semibold text-primary">
          <Price amount={listing.askingPrice} />
        </p>
      </div>
      {action}
    </aside>,
    document.body,
  );
}
