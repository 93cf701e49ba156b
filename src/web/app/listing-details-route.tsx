import ListingDetailsPage from "#web/features/listings/listing-details-page.tsx";
import { ListingActions } from "./listing-actions.tsx";

/** `/products/productdetails/:id`: the bike's details with booking and reporting composed in. */
export default function ListingDetailsRoute() {
  return (
    <ListingDetailsPage
      actions={({ listing, reportedByMe, myOrder }) => (
        <ListingActions listing={listing} reportedByMe={reportedByMe} myOrder={myOrder} />
      )}
    />
  );
}
