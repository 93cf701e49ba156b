import { CircleCheck, Clock } from "lucide-react";
import { useEffect, useId, useRef } from "react";
import { Link } from "react-router";
import { MSG } from "#shared/messages.ts";
import type { MyOrder } from "#shared/schemas/listings.ts";
import { paths } from "#web/config/paths.ts";
import { heldMessage, holdPassed, useNow } from "#web/lib/hold-time.ts";
import { useTexts } from "#web/lib/i18n.tsx";
import { BOOK_TEXT } from "#web/texts/book.ts";
import { CancelBookingButton } from "./cancel-booking-button.tsx";

type HeldBookingProps = {
  orderId: string;
  model: string;
  holdUntil: string | null;
  /** Just booked: focus moves to the message, so the buyer hears where they stand. */
  focusOnShow?: boolean;
  onCancelled?: () => void;
  /** Small buttons, as on an order card. */
  small?: boolean;
};

/**
 * A booking not paid yet: how long the bike is held, *Pay* and *Cancel booking*. Once the time to pay
 * has passed (the server ends the hold within a minute or so) it says so and offers neither.
 */
export function HeldBooking({
  orderId,
  model,
  holdUntil,
  focusOnShow = false,
  onCancelled,
  small = false,
}: HeldBookingProps) {
  const now = useNow();
  const T = useTexts(BOOK_TEXT).bookPages.book.held;
  const msg = useTexts(MSG);
  const messageId = useId();
  const messageRef = useRef<HTMLParagraphElement>(null);
  useEffect(() => {
    if (focusOnShow) messageRef.current?.focus();
  }, [focusOnShow]);
  const passed = holdPassed(holdUntil, now);
  const size = small ? "btn-sm" : "";
  return (
    <section aria-labelledby={messageId} className="flex w-full flex-col gap-3 rounded-box bg-info/10 p-4">
      <p id={messageId} ref={messageRef} tabIndex={-1} className="flex items-start gap-2 font-semibold">
        <Clock className="mt-0.5 size-5 shrink-0 text-info" aria-hidden="true" />
        {heldMessage(holdUntil, now, msg)}
      </p>
      {passed ? null : (
        <>
          <p className="text-sm text-base-content/80">{msg.booking.heldHint}</p>
          <div className="flex flex-wrap gap-2">
            <Link
              to={paths.dashboard.payment.getHref(orderId)}
              className={`btn btn-primary ${size}`}
              aria-label={T.payFor(model)}
            >
              {T.pay}
            </Link>
            <CancelBookingButton orderId={orderId} model={model} onCancelled={onCancelled} className={size} />
          </div>
        </>
      )}
    </section>
  );
}

/** The buyer paid for this bike: said, with the way to the receipt (the order's payment page). */
export function PaidBooking({ orderId }: { orderId: string }) {
  const T = useTexts(BOOK_TEXT).bookPages.book.held;
  const msg = useTexts(MSG);
  return (
    <section className="flex w-full flex-col gap-3 rounded-box bg-success/10 p-4">
      <p className="flex items-start gap-2 font-semibold">
        <CircleCheck className="mt-0.5 size-5 shrink-0 text-success" aria-hidden="true" />
        {msg.booking.paidByYou}
      </p>
      <Link to={paths.dashboard.payment.getHref(orderId)} className="btn btn-outline self-start">
        {T.seeReceipt}
      </Link>
    </section>
  );
}

/** Focus follows the buyer: to their booking once booked here; back to Book now once cancelled. */
export type MyOrderFocus = { justBooked: boolean; onCancelled: () => void };

/** The buyer's own live booking of a bike, on its details page in Book now's place. */
export function MyOrderPanel({
  myOrder,
  model,
  justBooked,
  onCancelled,
}: { myOrder: MyOrder; model: string } & MyOrderFocus) {
  return myOrder.status === "paid" ? (
    <PaidBooking orderId={myOrder.id} />
  ) : (
    <HeldBooking
      orderId={myOrder.id}
      model={model}
      holdUntil={myOrder.holdUntil}
      focusOnShow={justBooked}
      onCancelled={onCancelled}
    />
  );
}
