import { type UseQueryResult, useQueryClient } from "@tanstack/react-query";
import { CircleAlert, CircleCheck, Clock, SearchX } from "lucide-react";
import { lazy, type ReactNode, Suspense, useEffect, useRef, useState } from "react";
import { Link } from "react-router";
import { MSG } from "#shared/messages.ts";
import { MONEY_MSG } from "#shared/money-messages.ts";
import type { Order } from "#shared/schemas/orders.ts";
import type { PaymentConfirmResponse } from "#shared/schemas/payments.ts";
import { TALK_MSG } from "#shared/talk-messages.ts";
import { EmptyState } from "#web/components/empty-state.tsx";
import { Img } from "#web/components/img.tsx";
import { LoadError } from "#web/components/load-error.tsx";
import { PageTitle } from "#web/components/page-title.tsx";
import { PendingButton } from "#web/components/pending-button.tsx";
import { Price } from "#web/components/price.tsx";
import { Receipt } from "#web/components/receipt.tsx";
import { Spinner } from "#web/components/spinner.tsx";
import { paths } from "#web/config/paths.ts";
import { ApiError } from "#web/lib/api-client.ts";
import { isApiUnreachable, subscribeConnectivity } from "#web/lib/connectivity.ts";
import { heldMessage, holdPassed, useNow } from "#web/lib/hold-time.ts";
import { useFormat, useTexts } from "#web/lib/i18n.tsx";
import { queryKeys } from "#web/lib/query-keys.ts";
import { DEAL_PAGES_TEXT } from "#web/texts/deals.ts";
import { usePaymentIntent } from "./api/start-payment.ts";
import { CardForm } from "./card-form.tsx";
import { isAlreadyPaid, isHoldEnded, NOT_CHARGED } from "./payment-errors.ts";

// Stripe.js and its React bindings load only when the server runs the Stripe provider.
const StripeCardForm = lazy(() => import("./stripe-card-form.tsx"));

function BackToOrders() {
  const T = useTexts(DEAL_PAGES_TEXT).dealPages.payment;
  return (
    <Link to={paths.dashboard.myOrders.getHref()} className="btn btn-primary">
      {T.backToOrders}
    </Link>
  );
}

/** A missing order or another buyer's: said plainly, with the way back. */
function OrderUnavailable({ error, onRetry }: { error: unknown; onRetry: () => unknown }) {
  const T = useTexts(DEAL_PAGES_TEXT).dealPages.payment;
  if (error instanceof ApiError && (error.status === 404 || error.status === 403)) {
    return (
      <EmptyState
        title={error.status === 404 ? T.notFound : T.notYours}
        icon={<SearchX className="size-10" />}
        action={<BackToOrders />}
      >
        {error.message}
      </EmptyState>
    );
  }
  return <LoadError error={error} onRetry={onRetry} />;
}

function OrderSummary({ order }: { order: Order }) {
  const T = useTexts(DEAL_PAGES_TEXT).dealPages.payment;
  const { listing } = order;
  return (
    <article aria-label={T.yourOrder} className="card card-side border border-base-300 bg-base-100 shadow-sm">
      <figure className="w-28 shrink-0 bg-base-200 sm:w-40">
        <Img image={listing.photo} alt={listing.model} sizes="160px" className="size-full object-cover" />
      </figure>
      <div className="card-body min-w-0 gap-2 p-4 sm:p-5">
        <h2 className="card-title break-words text-lg">{listing.model}</h2>
        <span className="badge badge-secondary badge-outline">{listing.brand}</span>
        <p className="mt-auto text-sm text-base-content/70">
          {order.status === "held" ? T.toPay : order.status === "paid" ? T.paid : T.price}{" "}
          <Price amount={order.price} className="block text-2xl font-bold text-base-content" />
        </p>
        {order.status === "held" ? <HoldLeft holdUntil={order.holdUntil} /> : null}
      </div>
    </article>
  );
}

/** How long the buyer still has to pay, counting down (once it has run out, the panel below says so). */
function HoldLeft({ holdUntil }: { holdUntil: string | null }) {
  const now = useNow();
  const msg = useTexts(MSG);
  if (holdPassed(holdUntil, now)) return null;
  return (
    <p className="flex items-start gap-1 text-sm font-medium">
      <Clock className="mt-0.5 size-4 shrink-0 text-info" aria-hidden="true" />
      {heldMessage(holdUntil, now, msg)}
    </p>
  );
}

function PaidPanel({ order, paymentId }: { order: Order; paymentId: string | null }) {
  const T = useTexts(DEAL_PAGES_TEXT).dealPages.payment;
  const format = useFormat();
  // Just paid here: the Pay button that had focus is gone, so focus moves to the answer, which a
  // screen reader then reads (a live region inserted with its text is not reliably announced).
  const answerRef = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (paymentId) answerRef.current?.focus();
  }, [paymentId]);
  return (
    <div className="flex flex-col gap-4">
      <div ref={answerRef} tabIndex={-1} role="status" className="alert alert-success alert-soft">
        <CircleCheck className="size-5" aria-hidden="true" />
        <div className="min-w-0">
          <p className="font-semibold">
            {paymentId ? T.paymentSuccessful : T.orderPaid}
            {order.paidAt && !order.receipt ? ` ${T.paidOn(format.date(order.paidAt))}` : null}
          </p>
          {paymentId && !order.receipt ? (
            <p className="text-sm break-all">
              {T.paymentId} <span className="font-mono">{paymentId}</span>
            </p>
          ) : null}
        </div>
      </div>
      {order.receipt ? (
        <Receipt receipt={order.receipt} model={order.listing.model} sellerName={order.listing.seller.name} />
      ) : null}
      <button type="button" className="btn btn-success w-full" disabled>
        {T.paidButton}
      </button>
    </div>
  );
}

/**
 * The booking ended before it was paid (expired, cancelled, released, or its time just ran out): no
 * card form, nothing to pay; why, and the ways on.
 */
function EndedPanel({ order, reason }: { order: Order; reason: string }) {
  const T = useTexts(DEAL_PAGES_TEXT).dealPages.payment;
  const booking = useTexts(MSG).booking;
  return (
    <div className="flex flex-col gap-4">
      <div role="status" className="alert alert-warning alert-soft items-start">
        <CircleAlert className="size-5 shrink-0" aria-hidden="true" />
        <div className="min-w-0">
          <p className="font-semibold">{booking.nothingToPay}</p>
          <p className="text-sm">{reason}</p>
        </div>
      </div>
      <div className="flex flex-wrap gap-3">
        <BackToOrders />
        <Link to={paths.listingDetails.getHref(order.listing.id)} className="btn btn-ghost">
          {T.seeBike}
        </Link>
      </div>
    </div>
  );
}

/** Why a booking that cannot be paid any more ended, in `msg`'s language; null while it can be paid. */
function endedReason(order: Order, now: number, msg: Pick<typeof MSG, "booking">): string | null {
  switch (order.status) {
    case "expired":
      return msg.booking.expired;
    case "cancelled":
      return msg.booking.cancelledState;
    case "released":
      return msg.booking.released;
    case "held":
      return holdPassed(order.holdUntil, now) ? msg.booking.timeUp : null;
    default:
      return null;
  }
}

/** The test provider's cards (numbers, not words): one it accepts, one it declines. */
const TEST_CARD = "4242 4242 4242 4242";
const DECLINED_CARD = "4000 0000 0000 0002";

/** Whether the card was charged after a confirmation that got no answer: not known yet, being checked, or no. */
type Unsure = "unknown" | "checking" | "notCharged" | null;

/** The confirmation got no answer: what we know (nothing yet), the way to My orders, and a check. */
function UnconfirmedPanel({ checking, onCheck }: { checking: boolean; onCheck: () => void }) {
  const T = useTexts(DEAL_PAGES_TEXT).dealPages.payment;
  const payment = useTexts(MSG).payment;
  return (
    <div className="flex flex-col gap-4">
      <div role="alert" className="alert alert-warning alert-soft">
        <CircleAlert className="size-5 shrink-0" aria-hidden="true" />
        <span>{payment.unconfirmed}</span>
      </div>
      <div className="flex flex-wrap gap-3">
        <PendingButton type="button" pending={checking} className="btn btn-primary" onClick={onCheck}>
          {T.checkAgain}
        </PendingButton>
        <Link to={paths.dashboard.myOrders.getHref()} className="btn btn-ghost">
          {T.myOrders}
        </Link>
      </div>
    </div>
  );
}

/**
 * Starts (or resumes) the order's payment and shows the card form its provider needs. A
 * confirmation without an answer hides the form (no second charge by accident) until the order and
 * its intent are read again, at once if the API answers and else whenever it is back: paid turns the
 * page to Paid (asking for the intent also records a charge whose news was lost), an intent still
 * waiting for a card says "not charged" and the form comes back.
 */
function PaymentForm({
  order,
  onPaid,
  refetchOrder,
}: {
  order: Order;
  onPaid: (result: PaymentConfirmResponse) => void;
  refetchOrder: () => Promise<{ data?: Order; isError: boolean }>;
}) {
  const intent = usePaymentIntent(order.id);
  const T = useTexts(DEAL_PAGES_TEXT).dealPages.payment;
  const msg = useTexts(MSG);
  const queryClient = useQueryClient();
  const paidElsewhere = isAlreadyPaid(intent.error);
  // The hold ended meanwhile (its time ran out, or it was cancelled in another tab): nothing to pay.
  const holdEnded = isHoldEnded(intent.error);
  const [unsure, setUnsure] = useState<Unsure>(null);
  useEffect(() => {
    // Paid or ended meanwhile (another tab, a webhook, the hold's end): the order refetches and the
    // page shows it.
    if (paidElsewhere || holdEnded) void queryClient.invalidateQueries({ queryKey: queryKeys.orders.all });
  }, [paidElsewhere, holdEnded, queryClient]);

  const check = useRef(async () => {});
  check.current = async () => {
    setUnsure("checking");
    const [latestOrder, latestIntent] = await Promise.all([refetchOrder(), intent.refetch()]);
    // Paid: the page shows it (the order), or the effect above refetches it (409 from the intent).
    if (latestOrder.data?.paid || isAlreadyPaid(latestIntent.error)) return;
    const status = latestIntent.isError ? null : latestIntent.data?.status;
    setUnsure(!latestOrder.isError && status && NOT_CHARGED.has(status) ? "notCharged" : "unknown");
  };
  useEffect(() => {
    if (unsure !== "unknown") return;
    return subscribeConnectivity(() => {
      if (!isApiUnreachable()) void check.current();
    });
  }, [unsure]);
  const onUnsure = () => {
    setUnsure("unknown");
    if (!isApiUnreachable()) void check.current();
  };

  if (unsure === "unknown" || unsure === "checking") {
    return <UnconfirmedPanel checking={unsure === "checking"} onCheck={() => void check.current()} />;
  }
  if (intent.isPending || paidElsewhere) return <Spinner label={T.preparing} />;
  if (holdEnded)
    return <EndedPanel order={order} reason={intent.error?.message ?? msg.booking.nothingToPay} />;
  if (intent.isError) return <LoadError error={intent.error} onRetry={intent.refetch} />;
  const notCharged =
    unsure === "notCharged" ? (
      <p role="status" className="alert alert-info alert-soft">
        {msg.payment.notCharged}
      </p>
    ) : null;
  if (intent.data.provider === "stripe") {
    return (
      <Suspense fallback={<Spinner label={T.loadingCardForm} />}>
        {notCharged}
        <StripeCardForm intent={intent.data} onPaid={onPaid} onUnsure={onUnsure} />
      </Suspense>
    );
  }
  return (
    <div className="flex flex-col gap-4">
      {notCharged}
      <p className="rounded-box bg-base-200 p-3 text-sm text-base-content/80">
        {T.testModeBefore}
        <span className="font-mono">{TEST_CARD}</span>
        {T.testModeMiddle}
        <span className="font-mono">{DECLINED_CARD}</span>
        {T.testModeAfter}
      </p>
      <CardForm intent={intent.data} onPaid={onPaid} onUnsure={onUnsure} />
    </div>
  );
}

type PaymentPageProps = {
  /** The order to pay, as fetched by the orders feature (the app composes the two). */
  order: UseQueryResult<Order>;
  /**
   * What the orders feature shows of the deal under the summary (the seller's phone, a cash mark to
   * answer), composed in by the app.
   */
  deal?: (order: Order) => ReactNode;
};

/** The seller says the buyer paid in cash and the buyer has not answered: no card form meanwhile. */
const cashWaits = (order: Order) =>
  order.status === "held" && order.cash !== null && order.cash.disputedAt === null;

/** `/dashboard/payment/:orderId`: what the buyer pays for, and the card form until it is paid. */
export function PaymentPage({ order, deal }: PaymentPageProps) {
  const [paymentId, setPaymentId] = useState<string | null>(null);
  const T = useTexts(DEAL_PAGES_TEXT).dealPages.payment;
  const msg = useTexts(MSG);
  const money = useTexts(MONEY_MSG);
  const cash = useTexts(TALK_MSG).cash;
  const now = useNow();
  const ended = order.data && !order.data.paid ? endedReason(order.data, now, msg) : null;
  return (
    <section className="mx-auto flex w-full max-w-xl flex-col gap-6">
      <PageTitle>{T.title}</PageTitle>
      <h1 className="text-2xl font-bold">{T.heading}</h1>
      {order.isPending ? (
        <Spinner label={T.loading} />
      ) : order.data === undefined ? (
        // Only when there is no order to show: a failed refetch keeps the one on screen.
        <OrderUnavailable error={order.error} onRetry={order.refetch} />
      ) : (
        <>
          <OrderSummary order={order.data} />
          {deal?.(order.data)}
          <div hidden={cashWaits(order.data)} className="card border border-base-300 bg-base-100 shadow-sm">
            <div className="card-body gap-4 p-4 sm:p-6">
              <h2 className="text-lg font-semibold">
                {order.data.receipt?.method === "cash" ? cash.paidInCash : T.payByCard}
              </h2>
              {order.data.paid ? (
                <PaidPanel order={order.data} paymentId={paymentId} />
              ) : ended ? (
                <EndedPanel order={order.data} reason={ended} />
              ) : cashWaits(order.data) ? null : (
                <>
                  <p className="text-sm text-base-content/80">{money.handover.paymentNote}</p>
                  <PaymentForm
                    order={order.data}
                    onPaid={(result) => setPaymentId(result.paymentId)}
                    refetchOrder={order.refetch}
                  />
                </>
              )}
            </div>
          </div>
        </>
      )}
    </section>
  );
}
