import { ShoppingBag } from "lucide-react";
import type { ReactNode } from "react";
import { Link } from "react-router";
import type { Order } from "#shared/schemas/orders.ts";
import { EmptyState } from "#web/components/empty-state.tsx";
import { ListFrame } from "#web/components/list-frame.tsx";
import { PageTitle } from "#web/components/page-title.tsx";
import { Spinner } from "#web/components/spinner.tsx";
import { paths } from "#web/config/paths.ts";
import { useTexts } from "#web/lib/i18n.tsx";
import { DEAL_PAGES_TEXT } from "#web/texts/deals.ts";
import { useMyOrders } from "./api/get-my-orders.ts";
import { OrderCard } from "./order-card.tsx";

type MyOrdersPageProps = {
  /** Below an order's state: what another feature adds (rating the seller of a paid order), composed by the app. */
  orderExtra?: (order: Order) => ReactNode;
};

export default function MyOrdersPage({ orderExtra }: MyOrdersPageProps = {}) {
  const T = useTexts(DEAL_PAGES_TEXT).dealPages.myOrders;
  return (
    <section className="flex flex-col gap-6">
      <PageTitle>{T.title}</PageTitle>
      <h1 className="text-2xl font-bold">{T.heading}</h1>
      <ListFrame
        query={useMyOrders()}
        loading={<Spinner label={T.loading} />}
        empty={
          <EmptyState
            title={T.emptyTitle}
            icon={<ShoppingBag className="size-10" />}
            action={
              <Link to={paths.listings.getHref()} className="btn btn-primary">
                {T.browseBikes}
              </Link>
            }
          >
            {T.emptyHint}
          </EmptyState>
        }
      >
        {(orders) => (
          <ul className="grid grid-cols-1 gap-6 md:grid-cols-2 xl:grid-cols-3">
            {orders.map((order) => (
              <li key={order.id}>
                <OrderCard order={order} extra={orderExtra?.(order)} />
              </li>
            ))}
          </ul>
        )}
      </ListFrame>
    </section>
  );
}
