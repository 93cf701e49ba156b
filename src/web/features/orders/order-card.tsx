import { CircleCheck } from "lucide-react";
import { type ReactNode, useEffect, useRef, useState } from "react";
import { Link } from "react-router";
import { bengaliDigits } from "#shared/digits.ts";
import { MSG } from "#shared/messages.ts";
import type { Order } from "#shared/schemas/orders.ts";
import { BikeCard } from "#web/components/bike-card.tsx";
import { Facts } from "#web/components/facts.tsx";
import { Price } from "#web/components/price.tsx";
import { Receipt } from "#web/components/receipt.tsx";
import { UserAvatar } from "#web/components/user-avatar.tsx";
import { VerifiedTick } from "#web/components/verified-tick.tsx";
import { paths } from "#web/config/paths.ts";
import { useFormat, useTexts } from "#web/lib/i18n.tsx";
import { usePlaceNames } from "#web/lib/place-names.ts";
import { DEAL_PAGES_TEXT } from "#web/texts/deals.ts";
import { CashAnswer, CashDisputedNote, cashWaiting, SellerPhone } from "./cash-answer.tsx";
import { HandoverState } from "./handover.tsx";
import { HeldBooking } from "./held-booking.tsx";

/**
 * The colour of the badge on the photo's corner for each state (its word is `orderCard.badge`); whole
 * class names, so Tailwind finds them.
 */
const STATE_BADGE: Record<Order["status"], string> = {
  held: "badge-info",
  paid: "badge-success",
  expired: "badge-neutral",
  cancelled: "badge-neutral",
  released: "badge-neutral",
};

/** Why an order that ended did, in a sentence a first-time buyer understands. */
const ENDED: Record<"expired" | "cancelled" | "released", "expired" | "cancelledState" | "released"> = {
  expired: "expired",
  cancelled: "cancelledState",
  released: "released",
};

/** Where the order stands and what the buyer can do about it: pay or cancel, the receipt, or why it ended. */
function OrderState({ order, onCancelled }: { order: Order; onCancelled: () => void }) {
  const T = useTexts(DEAL_PAGES_TEXT).dealPages.orderCard;
  const booking = useTexts(MSG).booking;
  const format = useFormat();
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
            {booking.paid}
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
      <p>{booking[ENDED[order.status]]}</p>
      {order.endedAt ? (
        <p className="text-base-content/70">
          {T.endedOn} <time dateTime={order.endedAt}>{format.date(order.endedAt)}</time>
        </p>
      ) : null}
      <Link to={paths.listingDetails.getHref(listing.id)} className="link link-primary self-start">
        {T.seeBike}
      </Link>
    </div>
  );
}

/** One booked bike: what it is, what the buyer pays, where to meet whom, and where the order stands. */
export function OrderCard({ order, extra }: { order: Order; extra?: ReactNode }) {
  const T = useTexts(DEAL_PAGES_TEXT).dealPages.orderCard;
  const format = useFormat();
  const places = usePlaceNames();
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
    // As it is, ungrouped (`1000`, not `1,000`), in the page's digits.
    [T.engine, format.locale === "bn" ? bengaliDigits(String(listing.engineCc)) : listing.engineCc],
    [T.category, places.category(listing.category.slug)],
    [T.brandNewPrice, <Price key="new" amount={listing.brandNewPrice} />],
    [T.askingPrice, <Price key="ask" amount={order.price} className="font-semibold" />],
    [
      T.postDate,
      <time key="posted" dateTime={listing.postedAt}>
        {format.date(listing.postedAt)}
      </time>,
    ],
    [
      T.bookedOn,
      <time key="booked" dateTime={order.bookedAt}>
        {format.date(order.bookedAt)}
      </time>,
    ],
    [T.meetingLocation, order.meetingLocation],
  ];
  return (
    <BikeCard
      photo={listing.photo}
      model={listing.model}
      badge={<span className="badge badge-secondary badge-outline">{listing.brand}</span>}
      overlay={
        <span className={`badge ${badge} absolute top-2 left-2 font-semibold shadow`}>
          {T.badge[order.status]}
        </span>
      }
    >
      <Facts facts={facts} className="text-sm" />
      <div className="flex items-center gap-3 border-t border-base-300 pt-4">
        <UserAvatar user={listing.seller} size="size-9" />
        <div className="min-w-0 flex-1">
          <p className="text-xs text-base-content/70">{T.seller}</p>
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
