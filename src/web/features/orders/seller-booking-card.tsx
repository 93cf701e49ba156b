import { Banknote, Mail, Phone, ShieldCheck } from "lucide-react";
import { type ReactNode, useId, useState } from "react";
import { Link } from "react-router";
import { formatPhone } from "#shared/format.ts";
import { MSG } from "#shared/messages.ts";
import { MONEY_MSG } from "#shared/money-messages.ts";
import type { SellerBooking } from "#shared/schemas/orders.ts";
import { TALK_MSG } from "#shared/talk-messages.ts";
import { ConfirmDialog } from "#web/components/confirm-dialog.tsx";
import { Facts } from "#web/components/facts.tsx";
import { Img } from "#web/components/img.tsx";
import { Price } from "#web/components/price.tsx";
import { UserAvatar } from "#web/components/user-avatar.tsx";
import { paths } from "#web/config/paths.ts";
import { errorMessage } from "#web/lib/api-client.ts";
import { useFormat, useTexts } from "#web/lib/i18n.tsx";
import { toast } from "#web/lib/toast.ts";
import { DEAL_PAGES_TEXT } from "#web/texts/deals.ts";
import { useMarkCash } from "./api/cash.ts";
import { useReleaseOrder } from "./api/release-order.ts";
import { DisputeState } from "./handover.tsx";

const STATE_STYLE: Record<SellerBooking["status"], string> = {
  held: "badge-warning",
  paid: "badge-success",
  expired: "badge-ghost",
  cancelled: "badge-ghost",
  released: "badge-ghost",
};

/**
 * Where the booking stands, in the seller's words: held until …, paid (in cash), or how it ended; in
 * the page's language, from its texts (`useTexts(MSG)`, `useTexts(TALK_MSG)`) and `format.dateTime`.
 */
export function bookingState(
  b: Pick<SellerBooking, "status" | "holdUntil" | "cash" | "paidWith">,
  msg: Pick<typeof MSG, "sellerBooking">,
  talk: Pick<typeof TALK_MSG, "cash">,
  dateTime: (value: string) => string,
): string {
  switch (b.status) {
    case "held":
      if (b.cash) return b.cash.disputedAt ? talk.cash.disputedForSeller : talk.cash.waitingForBuyer;
      return b.holdUntil ? msg.sellerBooking.held(dateTime(b.holdUntil)) : msg.sellerBooking.heldBadge;
    case "paid":
      return b.paidWith === "cash" ? talk.cash.paidForSeller : msg.sellerBooking.paid;
    default:
      return msg.sellerBooking[b.status];
  }
}

/** Where a card payment's money is (decision 028): held by MotoHaat until when, or in the seller's earnings. */
function HandoverNote({
  handover,
  price,
}: {
  handover: NonNullable<SellerBooking["handover"]>;
  price: number;
}) {
  const handoverText = useTexts(MONEY_MSG).handover;
  const format = useFormat();
  if (handover.dispute) return <DisputeState dispute={handover.dispute} price={price} side="seller" />;
  return (
    <p className="flex items-start gap-2 text-sm">
      <ShieldCheck className="size-5 shrink-0 text-success" aria-hidden="true" />
      <span>
        {handover.moneyReleasedAt
          ? handoverText.sellerReleased
          : handoverText.sellerHeld(format.date(handover.releaseDueAt))}
      </span>
    </p>
  );
}

/** A moment as text in a `<time>`, so it stays machine-readable. */
function When({ at }: { at: string }) {
  const format = useFormat();
  return <time dateTime={at}>{format.dateTime(at)}</time>;
}

/** _Release_ of a held booking whose buyer did not come: asks first, then the bike is for sale again. */
function ReleaseButton({ booking }: { booking: SellerBooking }) {
  const msg = useTexts(MSG);
  const [confirming, setConfirming] = useState(false);
  const release = useReleaseOrder();
  const { model } = booking.listing;
  // mutateAsync: the refetched list re-renders this card without its Release, and mutate's
  // callbacks could be dropped with the button.
  const onConfirm = async () => {
    try {
      await release.mutateAsync(booking.id);
    } catch (err) {
      // Paid, cancelled or run out meanwhile (409, with what it became), or no answer.
      toast.error(errorMessage(err));
      setConfirming(false);
      return;
    }
    toast.success(msg.order.releasedToSeller(model));
    setConfirming(false);
  };
  return (
    <>
      <button
        type="button"
        className="btn btn-outline btn-error btn-sm"
        aria-label={msg.sellerBooking.releaseLabel(booking.buyer.name, model)}
        onClick={() => setConfirming(true)}
      >
        {msg.sellerBooking.release}
      </button>
      <ConfirmDialog
        open={confirming}
        title={msg.sellerBooking.confirmReleaseTitle(model)}
        message={msg.order.confirmRelease(model, booking.buyer.name)}
        confirmLabel={msg.sellerBooking.release}
        onConfirm={() => void onConfirm()}
        onCancel={() => setConfirming(false)}
        isPending={release.isPending}
      />
    </>
  );
}

/** "Paid in cash at the meeting" on a held booking not marked yet: asks first, then the buyer is asked. */
function CashButton({ booking }: { booking: SellerBooking }) {
  const cash = useTexts(TALK_MSG).cash;
  const format = useFormat();
  const [confirming, setConfirming] = useState(false);
  const markCash = useMarkCash();
  const { model } = booking.listing;
  const onConfirm = async () => {
    try {
      await markCash.mutateAsync(booking.id);
    } catch (err) {
      // Paid, ended or marked meanwhile (409, with what it became), or no answer.
      toast.error(errorMessage(err));
      setConfirming(false);
      return;
    }
    toast.success(cash.marked);
    setConfirming(false);
  };
  return (
    <>
      <button
        type="button"
        className="btn btn-primary btn-sm"
        aria-label={cash.markLabel(booking.buyer.name, model)}
        onClick={() => setConfirming(true)}
      >
        <Banknote className="size-4" aria-hidden="true" />
        {cash.mark}
      </button>
      <ConfirmDialog
        open={confirming}
        title={cash.confirmMarkTitle(model)}
        message={cash.confirmMark(booking.buyer.name, format.taka(booking.price))}
        confirmLabel={cash.mark}
        onConfirm={() => void onConfirm()}
        onCancel={() => setConfirming(false)}
        isPending={markCash.isPending}
        tone="primary"
      />
    </>
  );
}

/**
 * One booking of the seller's bike, phone first: the bike (photo and model, linked to its page), the
 * state, the buyer and how to reach them (tap to write or call; only while held or paid), where to
 * meet, the dates, and for a held booking the way to release it.
 */
export function SellerBookingCard({ booking }: { booking: SellerBooking }) {
  const titleId = useId();
  const T = useTexts(DEAL_PAGES_TEXT).dealPages.myBuyers;
  const msg = useTexts(MSG);
  const talk = useTexts(TALK_MSG);
  const format = useFormat();
  const { listing, buyer } = booking;
  const href = paths.dashboard.myListingDetails.getHref(listing.id);
  const facts: [string, ReactNode][] = [
    [T.meetingPlace, booking.meetingLocation],
    [T.booked, <When key="booked" at={booking.bookedAt} />],
  ];
  if (booking.paidAt) facts.push([T.paid, <When key="paid" at={booking.paidAt} />]);
  if (booking.endedAt) facts.push([T.ended, <When key="ended" at={booking.endedAt} />]);

  return (
    <article aria-labelledby={titleId} className="card h-full border border-base-300 bg-base-100 shadow-sm">
      <div className="card-body gap-4 p-4 sm:p-5">
        <div className="flex items-start gap-3">
          <Link to={href} tabIndex={-1} aria-hidden="true" className="shrink-0">
            <Img
              image={listing.photo}
              alt=""
              sizes="112px"
              className="aspect-[4/3] w-24 rounded-field bg-base-200 object-cover sm:w-28"
            />
          </Link>
          <div className="flex min-w-0 flex-col gap-1">
            <h2 id={titleId} className="text-base font-semibold break-words sm:text-lg">
              <Link to={href} className="link link-hover">
                {listing.model}
              </Link>
            </h2>
            <Price amount={booking.price} className="font-semibold text-primary" />
            <span className={`badge ${STATE_STYLE[booking.status]} h-auto py-0.5 text-left`}>
              {bookingState(booking, msg, talk, format.dateTime)}
            </span>
          </div>
        </div>
        {booking.status === "paid" && booking.handover ? (
          <HandoverNote handover={booking.handover} price={booking.price} />
        ) : null}

        <section aria-label={T.buyer} className="flex items-start gap-3 rounded-box bg-base-200 p-3">
          <UserAvatar user={buyer} size="size-10 shrink-0" />
          <div className="flex min-w-0 flex-col gap-1 text-sm">
            <p className="font-medium">{buyer.name}</p>
            {buyer.email || buyer.phone ? (
              <>
                {buyer.email ? (
                  <a
                    href={`mailto:${buyer.email}`}
                    className="link link-hover inline-flex items-start gap-1 [overflow-wrap:anywhere]"
                  >
                    <Mail className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
                    {buyer.email}
                  </a>
                ) : null}
                {buyer.phone ? (
                  <a
                    href={`tel:${buyer.phone}`}
                    className="link link-hover inline-flex items-center gap-1 whitespace-nowrap"
                  >
                    <Phone className="size-4 shrink-0" aria-hidden="true" />
                    {formatPhone(buyer.phone)}
                  </a>
                ) : null}
              </>
            ) : (
              <p className="text-base-content/70">{msg.sellerBooking.contactEnded}</p>
            )}
          </div>
        </section>

        <Facts facts={facts} className="text-sm" />

        {booking.status === "held" ? (
          <div className="card-actions mt-auto justify-end">
            {booking.cash ? null : <CashButton booking={booking} />}
            <ReleaseButton booking={booking} />
          </div>
        ) : null}
      </div>
    </article>
  );
}
