import { Pencil } from "lucide-react";
import { lazy, Suspense, useRef } from "react";
import { Link } from "react-router";
import type { Listing, MyOrder } from "#shared/schemas/listings.ts";
import { paths } from "#web/config/paths.ts";
import { useAcceptedOfferPrice } from "#web/features/messages/api/accepted-offer.ts";
import { BookButton, useBookNow } from "#web/features/orders/book-button.tsx";
import { MyOrderPanel } from "#web/features/orders/held-booking.tsx";
import { ReportButton } from "#web/features/reports/report-button.tsx";
import { useTexts } from "#web/lib/i18n.tsx";
import { useSession } from "#web/lib/session.ts";
import { useBelowViewport } from "#web/lib/use-below-viewport.ts";
import { usePressWhenKnown } from "#web/lib/use-press-when-known.ts";
import { BROWSE_PAGES_TEXT } from "#web/texts/browse.ts";
import { PhoneActionBar } from "./phone-action-bar.tsx";

// Loaded after the page's first paint (issue 12's budget): their words, forms and mutations are not
// needed to show the bike.
const MessageSellerButton = lazy(() =>
  import("#web/features/messages/message-seller-button.tsx").then((m) => ({
    default: m.MessageSellerButton,
  })),
);
const SaveButton = lazy(() =>
  import("#web/features/saved/save-button.tsx").then((m) => ({ default: m.SaveButton })),
);

type ListingActionsProps = {
  listing: Listing;
  /** From the listing's detail: the signed-in buyer has reported it already. */
  reportedByMe?: boolean;
  /** From the listing's detail: the signed-in buyer's own live booking of it. */
  myOrder?: MyOrder | null;
};

/**
 * What a visitor can do with a bike on its details page: book it, message its seller and report it.
 * Composed here because the listings, orders, messages and reports features do not import each other.
 */
export function ListingActions({ listing, reportedByMe, myOrder }: ListingActionsProps) {
  // A buyer whose offer the seller accepted books at the offered price (messages feature).
  const offerPrice = useAcceptedOfferPrice(listing.id);
  const { user, isLoading } = useSession();
  const actionsRef = useRef<HTMLDivElement>(null);
  const actionsBelow = useBelowViewport(actionsRef);
  // Pressed before the session is known: carried out once it is (src/web/lib/use-press-when-known.ts).
  const bookNow = usePressWhenKnown(isLoading, useBookNow(listing));
  const T = useTexts(BROWSE_PAGES_TEXT).browsePages.listingActions;
  // The seller looking at their own bike: nothing to book, ask or report, but it can be changed.
  const own = user?.id === listing.seller.id && listing.status === "available";
  const edit = (
    <Link to={paths.dashboard.editListing.getHref(listing.id)} className="btn btn-primary">
      <Pencil className="size-4" aria-hidden="true" />
      {T.edit}
    </Link>
  );

  // The phone bar's one action; none where there is nothing to do (sold, or an account that cannot book).
  const barAction = own ? (
    edit
  ) : myOrder ? (
    <button
      type="button"
      className="btn btn-primary"
      onClick={() => {
        const actions = actionsRef.current;
        actions?.scrollIntoView({ block: "center" });
        actions?.querySelector<HTMLElement>("a[href], button:not(:disabled)")?.focus({ preventScroll: true });
      }}
    >
      {T.yourBooking}
    </button>
  ) : listing.status === "available" && user?.role !== "seller" && user?.role !== "admin" ? (
    <button type="button" className="btn btn-primary" aria-haspopup="dialog" onClick={() => bookNow()}>
      {T.bookNow}
    </button>
  ) : null;

  return (
    <>
      <div ref={actionsRef} className="flex flex-wrap items-start gap-2">
        {own ? (
          edit
        ) : (
          <>
            <BookButton
              listing={listing}
              myOrder={myOrder}
              offerPrice={offerPrice}
              renderMyOrder={(order, focus) => (
                <MyOrderPanel myOrder={order} model={listing.model} {...focus} />
              )}
            />
            <Suspense fallback={null}>
              <MessageSellerButton listing={listing} />
              {/* Its code comes after the page hydrates: greyed out while the session is unknown (see SaveButton). */}
              <SaveButton listing={listing} variant="button" greyedWhileWaiting />
            </Suspense>
            <ReportButton listing={listing} reportedByMe={reportedByMe} />
          </>
        )}
      </div>
      {barAction ? <PhoneActionBar listing={listing} show={actionsBelow} action={barAction} /> : null}
    </>
  );
}
