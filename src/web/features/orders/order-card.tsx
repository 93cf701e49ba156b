import { CircleCheck } from "lucide-react";
import { type ReactNode, useEffect, useRef, useState } from "react";
import { Link } from "react-router";
import { formatDate } from "#shared/format.ts";
import { MSG } from "#shared/messages.ts";
import type { Order } from "#shared/schemas/orders.ts";
import { BikeCard } from "#web/components/bike-card.tsx";
import { Facts } from "#web/components/facts.tsx";
import { Price } from "#web/components/price.tsx";
import { Receipt } from "#web/components/receipt.tsx";
import { UserAvatar } from "#web/components/user-avatar.tsx";
import { VerifiedTick } from "#web/components/verified-tick.tsx";
import { paths } from "#web/config/paths.ts";
import { CashAnswer, CashDisputedNote, cashWaiting, SellerPhone } from "./cash-answer.tsx";
import { HandoverState } from "./handover.tsx";
import { HeldBooking } from "./held-booking.tsx";

/** The word on the photo's corner for each state; whole class names, so Tailwind finds them. */
const STATE_BADGE: Record<Order["status"], { label: string; className: string }> = {
  held: { label: "Booked", className: "badge-info" },
  paid: { label: "Paid", className: "badge-success" },
  expired: { label: "Expired", className: "badge-neutral" },
  cancelled: { label: "Cancelled", className: "badge-neutral" },
  released: { label: "Released", className: "badge-neutral" },
};

/** Why an order that ended did, in a sentence a first-time buyer understands. */
const ENDED: Record<"expired" | "cancelled" | "released", string> = {
  expired: MSG.booking.expired,
  cancelled: MSG.booking.cancelledState,
  released: MSG.booking.released,
};

/** Where the order stands and what the buyer can do about it: pay or cancel, the receipt, or why it ended. */
function OrderState({ order, onCancelled }: { order: Order; onCancelled: () => void }) {
  const { listing } = order;
  // The seller says the buyer paid in cash: the answer comes before anything else (no card meanwhile).
  if (cashWaiting(order)) return <CashAnswer order={order} small />;
  if (order.status === "held") {
    return (
      <div className="flex flex-col gap-3">
        {order.cash?.disputedAt ? <CashDisputedNote /> : null}
        <HeldBooking
          orderId={order.id}
          model={listing.model}
          holdUntil={order.holdUntil}
          onCancelled={onCancelled}
          small
        />
      </div>
    );
  }
  if (order.status === "paid") {
    const { handover } = order;
    return (
      <div className="flex flex-col gap-3">
        {handover ? (
          <HandoverState order={{ ...order, handover }} />
        ) : (
          <p className="flex items-start gap-2 text-sm font-semibold">
            <CircleCheck className="size-5 shrink-0 text-success" aria-hidden="true" />
            {MSG.booking.paid}
          </p>
        )}
        {order.receipt ? (
          <Receipt receipt={order.receipt} model={listing.model} sellerName={listing.seller.name} />
        ) : null}
      </div>
    );
  }
  return (
    <div className="flex flex-col gap-2 rounded-box bg-base-200 p-3 text-sm">
      <p>{ENDED[order.status]}</p>
      {order.endedAt ? (
        <p className="text-base-content/70">
          Ended on <time dateTime={order.endedAt}>{formatDate(order.endedAt)}</time>
        </p>
      ) : null}
      <Link to={paths.listingDetails.getHref(listing.id)} className="link link-primary self-start">
        See the bike
      </Link>
    </div>
  );
}

/** One booked bike: what it is, what the buyer pays, where to meet whom, and where the order stands. */
export function OrderCard({ order, extra }: { order: Order; extra?: ReactNode }) {
  const { listing } = order;
  // Cancelled here: focus goes to the sentence that now says so (the button that had it is gone).
  const [cancelled, setCancelled] = useState(false);
  const stateRef = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (cancelled && order.status !== "held") {
      stateRef.current?.focus();
      setCancelled(false);
    }
  }, [cancelled, order.status]);
  const badge = STATE_BADGE[order.status];
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
      "Booked on",
      <time key="booked" dateTime={order.bookedAt}>
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
      overlay={
        <span className={`badge ${badge.className} absolute top-2 left-2 font-semibold shadow`}>
          {badge.label}
        </span>
      }
    >
      <Facts facts={facts} className="text-sm" />
      <div className="flex items-center gap-3 border-t border-base-300 pt-4">
        <UserAvatar user={listing.seller} size="size-9" />
        <div className="min-w-0 flex-1">
          <p className="text-xs text-base-content/70">Seller</p>
          <p className="flex items-center gap-1 font-medium">
            <span className="truncate">{listing.seller.name}</span>
            {listing.seller.verified ? <VerifiedTick className="size-4" /> : null}
          </p>
        </div>
      </div>
      <SellerPhone order={order} />
      <div ref={stateRef} tabIndex={-1} className="mt-auto">
        <OrderState order={order} onCancelled={() => setCancelled(true)} />
      </div>
      {extra}
    </BikeCard>
  );
}
