import MyOrdersPage from "#web/features/orders/my-orders-page.tsx";
import { RateSeller } from "#web/features/reviews/rate-seller.tsx";

/** `/dashboard/myorders`: the buyer's orders, each paid one with "Rate the seller" (reviews feature) composed in. */
export default function MyOrdersRoute() {
  return (
    <MyOrdersPage
      orderExtra={(order) =>
        order.status === "paid" ? (
          <RateSeller orderId={order.id} sellerName={order.listing.seller.name} />
        ) : null
      }
    />
  );
}
