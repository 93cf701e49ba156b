import type { Listing, MyOrder } from "#shared/schemas/listings.ts";
import { BookButton } from "#web/features/orders/book-button.tsx";
import { MyOrderPanel } from "#web/features/orders/held-booking.tsx";
import { ReportButton } from "#web/features/reports/report-button.tsx";

type ListingActionsProps = {
  listing: Listing;
  /** From the listing's detail: the signed-in buyer has reported it already. */
  reportedByMe?: boolean;
  /** From the listing's detail: the signed-in buyer's own live booking of it. */
  myOrder?: MyOrder | null;
};

/**
 * What a visitor can do with a bike on its details page: book it and report it. Composed here
 * because the listings, orders and reports features do not import each other.
 */
export function ListingActions({ listing, reportedByMe, myOrder }: ListingActionsProps) {
  return (
    <div className="flex flex-wrap items-start gap-2">
      <BookButton
        listing={listing}
        myOrder={myOrder}
        renderMyOrder={(order, focus) => <MyOrderPanel myOrder={order} model={listing.model} {...focus} />}
      />
      <ReportButton listing={listing} reportedByMe={reportedByMe} />
    </div>
  );
}
