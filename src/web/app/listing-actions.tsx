import { Pencil } from "lucide-react";
import { lazy, Suspense } from "react";
import { Link } from "react-router";
import type { Listing, MyOrder } from "#shared/schemas/listings.ts";
import { paths } from "#web/config/paths.ts";
import { useAcceptedOfferPrice } from "#web/features/messages/api/accepted-offer.ts";
import { BookButton } from "#web/features/orders/book-button.tsx";
import { MyOrderPanel } from "#web/features/orders/held-booking.tsx";
import { ReportButton } from "#web/features/reports/report-button.tsx";
import { useSession } from "#web/lib/session.ts";

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
  const { user } = useSession();
  // The seller looking at their own bike: nothing to book, ask or report, but it can be changed.
  if (user && user.id === listing.seller.id && listing.status === "available") {
    return (
      <div className="flex flex-wrap items-start gap-2">
        <Link to={paths.dashboard.editListing.getHref(listing.id)} className="btn btn-primary">
          <Pencil className="size-4" aria-hidden="true" />
          Edit
        </Link>
      </div>
    );
  }
  return (
    <div className="flex flex-wrap items-start gap-2">
      <BookButton
        listing={listing}
        myOrder={myOrder}
        offerPrice={offerPrice}
        renderMyOrder={(order, focus) => <MyOrderPanel myOrder={order} model={listing.model} {...focus} />}
      />
      <Suspense fallback={null}>
        <MessageSellerButton listing={listing} />
        <SaveButton listing={listing} variant="button" />
      </Suspense>
      <ReportButton listing={listing} reportedByMe={reportedByMe} />
    </div>
  );
}
