import type { ReactNode } from "react";
import { Link } from "react-router";
import { formatDate } from "#shared/format.ts";
import type { Order } from "#shared/schemas/orders.ts";
import { BikeCard } from "#web/components/bike-card.tsx";
import { Facts } from "#web/components/facts.tsx";
import { Price } from "#web/components/price.tsx";
import { UserAvatar } from "#web/components/user-avatar.tsx";
import { VerifiedTick } from "#web/components/verified-tick.tsx";
import { paths } from "#web/config/paths.ts";

/** One booked bike: what it is, what the buyer pays, where to meet whom, and the way to pay. */
export function OrderCard({ order }: { order: Order }) {
  const { listing } = order;
  const facts: [string, ReactNode][] = [
    ["Engine (CC)", listing.engineCc],
    ["Category", listing.category.label],
    ["Brand new price", <Price key="new" amount={listing.brandNewPrice} />],
    ["Asking price", <Price key="ask" amount={order.price} className="font-semibold" />],
    [
      "Post date",
      <time key="posted" dateTime={listing.postedAt}>
        {formatDate(listing.postedAt)}
      </time>,
    ],
    [
      "Purchase date",
      <time key="bought" dateTime={order.bookedAt}>
        {formatDate(order.bookedAt)}
      </time>,
    ],
    ["Meeting location", order.meetingLocation],
  ];
  return (
    <BikeCard
      photo={listing.photo}
      model={listing.model}
      badge={<span className="badge badge-secondary badge-outline">{listing.brand}</span>}
    >
      <Facts facts={facts} className="text-sm" />
      <div className="mt-auto flex items-center gap-3 border-t border-base-300 pt-4">
        <UserAvatar user={listing.seller} size="size-9" />
        <div className="min-w-0 flex-1">
          <p className="text-xs text-base-content/70">Seller</p>
          <p className="flex items-center gap-1 font-medium">
            <span className="truncate">{listing.seller.name}</span>
            {listing.seller.verified ? <VerifiedTick className="size-4" /> : null}
          </p>
        </div>
        {order.paid ? (
          <button type="button" className="btn btn-success btn-sm" disabled>
            Paid
          </button>
        ) : (
          <Link
            to={paths.dashboard.payment.getHref(order.id)}
            className="btn btn-primary btn-sm"
            aria-label={`Pay for ${listing.model}`}
          >
            Pay
          </Link>
        )}
      </div>
    </BikeCard>
  );
}
