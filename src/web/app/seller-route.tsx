import { SellerListings, sellerListingsKey } from "#web/features/listings/seller-listings.tsx";
import { SellerReviews } from "#web/features/reviews/seller-reviews.tsx";
import SellerPage from "#web/features/sellers/seller-page.tsx";
import { useSettled } from "#web/lib/use-settled.ts";

/** The ratings, once the bikes above them are in: shown before, the bikes arriving would push them down (CLS). */
function RatingsBelowBikes({ sellerId }: { sellerId: string }) {
  const bikesIn = useSettled(sellerListingsKey(sellerId));
  return bikesIn ? <SellerReviews sellerId={sellerId} /> : null;
}

/** `/sellers/:id`: the seller's profile with their bikes for sale and their ratings composed in. */
export default function SellerRoute() {
  return (
    <SellerPage
      listings={(seller) => <SellerListings sellerId={seller.id} />}
      reviews={(seller) => <RatingsBelowBikes sellerId={seller.id} />}
    />
  );
}
