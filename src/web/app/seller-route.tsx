import { SellerListings } from "#web/features/listings/seller-listings.tsx";
import SellerPage from "#web/features/sellers/seller-page.tsx";

/** `/sellers/:id`: the seller's profile with their bikes for sale composed in. */
export default function SellerRoute() {
  return <SellerPage listings={(seller) => <SellerListings sellerId={seller.id} />} />;
}
