import type { Listing } from "#shared/schemas/listings.ts";
import { BookButton } from "#web/features/orders/book-button.tsx";
import { ReportButton } from "#web/features/reports/report-button.tsx";

type ListingActionsProps = {
  listing: Listing;
  /** From the listing's detail: the signed-in buyer has reported it already. */
  reportedByMe?: boolean;
};

/**
 * What a visitor can do with a bike on its details page: book it and report it. Composed here
 * because the listings, orders and reports features do not import each other.
 */
export function ListingActions({ listing, reportedByMe }: ListingActionsProps) {
  return (
    <div className="flex flex-wrap items-start gap-2">
      <BookButton listing={listing} />
      <ReportButton listing={listing} reportedByMe={reportedByMe} />
    </div>
  );
}
