import { useParams } from "react-router";
import { useOrder } from "#web/features/orders/api/get-order.ts";
import { PaymentPage } from "#web/features/payments/payment-page.tsx";

/** `/dashboard/payment/:orderId`: the order (an orders endpoint) with its payment composed in. */
export default function PaymentRoute() {
  const { orderId = "" } = useParams();
  return <PaymentPage order={useOrder(orderId)} />;
}
