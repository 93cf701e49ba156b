import HomePage from "#web/features/home/home-page.tsx";
import { AdvertisedListings } from "#web/features/listings/advertised-listings.tsx";
import { BookButton } from "#web/features/orders/book-button.tsx";

/**
 * `/`: the home page with the advertised bikes composed in, each bookable from its card. Cards offer
 * Book only: reporting needs the buyer's earlier reports, which the details page has and a list does not.
 */
export default function HomeRoute() {
  return (
    <HomePage advertised={<AdvertisedListings actions={(listing) => <BookButton listing={listing} />} />} />
  );
}
