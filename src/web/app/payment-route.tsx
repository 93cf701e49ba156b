import { useParams } from "react-router";
import { useOrder } from "#web/features/orders/api/get-order.ts";
import { BuyerDeal } from "#web/features/orders/cash-answer.tsx";
import { PaymentPage } from "#web/features/payments/payment-page.tsx";

/**
 * `/dashboard/payment/:orderId`: the order (an orders endpoint) with its payment composed in, and
 * the deal as the orders feature shows it (the seller's phone, a cash mark to answer).
 */
export default function PaymentRoute() {
  const { orderId = "" } = useParams();
  return <PaymentPage order={useOrder(orderId)} deal={(order) => <BuyerDeal order={order} />} />;
}
