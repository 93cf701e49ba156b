import { CircleAlert, CircleCheck, RotateCcw, ShieldCheck } from "lucide-react";
import { type ReactNode, useState } from "react";
import { MONEY_MSG } from "#shared/money-messages.ts";
import type { Handover, Order } from "#shared/schemas/orders.ts";
import { ConfirmDialog } from "#web/components/confirm-dialog.tsx";
import { errorMessage } from "#web/lib/api-client.ts";
import { useFormat, useTexts } from "#web/lib/i18n.tsx";
import { toast } from "#web/lib/toast.ts";
import { useConfirmHandover } from "./api/confirm-handover.ts";
import { DisputeDialog } from "./dispute-dialog.tsx";

/** A line of where the money is: an icon and plain words. */
function MoneyLine({ icon, children, strong }: { icon: ReactNode; children: ReactNode; strong?: boolean }) {
  return (
    <p className={`flex items-start gap-2 text-sm ${strong ? "font-semibold" : ""}`}>
      {icon}
      <span>{children}</span>
    </p>
  );
}

const iconClass = "size-5 shrink-0";

/**
 * A disputed handover as either person reads it: open (the money held while an admin looks), or the
 * admin's decision with their note. `side` picks the buyer's or the seller's words.
 */
export function DisputeState({
  dispute,
  price,
  side,
}: {
  dispute: NonNullable<Handover["dispute"]>;
  price: number;
  side: "buyer" | "seller";
}) {
  const money = useTexts(MONEY_MSG).dispute;
  const format = useFormat();
  const amount = format.taka(price);
  if (dispute.decision === null) {
    return (
      <MoneyLine icon={<CircleAlert className={`${iconClass} text-warning`} aria-hidden="true" />}>
        {side === "buyer"
          ? money.buyerOpen(format.date(dispute.openedAt))
          : money.sellerOpen(money.reasons[dispute.reason])}
      </MoneyLine>
    );
  }
  const refunded = dispute.decision === "refund";
  // Decided is not done: the provider may not have given the money back yet (an outage, a retry).
  const refunding = refunded && dispute.refundedAt === null;
  const words = {
    buyer: refunding
      ? money.buyerRefunding(amount)
      : refunded
        ? money.buyerRefunded(amount)
        : money.buyerReleased,
    seller: refunding
      ? money.sellerRefunding(amount)
      : refunded
        ? money.sellerRefunded(amount)
        : money.sellerReleased,
  };
  return (
    <div className="flex flex-col gap-1">
      <MoneyLine
        strong
        icon={
          refunded ? (
            <RotateCcw className={iconClass} aria-hidden="true" />
          ) : (
            <CircleCheck className={`${iconClass} text-success`} aria-hidden="true" />
          )
        }
      >
        {words[side]}
      </MoneyLine>
      {/* Shown as text (never markup): an admin wrote it. */}
      {dispute.note ? <p className="ms-7 text-sm break-words">{money.adminNote(dispute.note)}</p> : null}
    </div>
  );
}

/**
 * A card-paid order's money, as its buyer sees it: held by MotoHaat until the handover, with the
 * button that releases it to the seller (asking first) and the one that reports a problem instead;
 * a dispute and its decision; or gone to the seller.
 */
export function HandoverState({ order }: { order: Order & { handover: NonNullable<Order["handover"]> } }) {
  const money = useTexts(MONEY_MSG);
  const format = useFormat();
  const [confirming, setConfirming] = useState(false);
  const [disputing, setDisputing] = useState(false);
  const confirm = useConfirmHandover();
  const { handover } = order;
  if (handover.dispute) return <DisputeState dispute={handover.dispute} price={order.price} side="buyer" />;
  if (handover.moneyReleasedAt) {
    return (
      <MoneyLine strong icon={<CircleCheck className={`${iconClass} text-success`} aria-hidden="true" />}>
        {money.handover.buyerReleased}
      </MoneyLine>
    );
  }
  const onConfirm = async () => {
    try {
      await confirm.mutateAsync(order.id);
    } catch (err) {
      toast.error(errorMessage(err));
      setConfirming(false);
      return;
    }
    toast.success(money.handover.confirmed);
    setConfirming(false);
  };
  return (
    <div className="flex flex-col gap-3">
      <MoneyLine icon={<ShieldCheck className={`${iconClass} text-success`} aria-hidden="true" />}>
        {money.handover.buyerHeld(format.date(handover.releaseDueAt))}
      </MoneyLine>
      <div className="flex flex-wrap gap-2">
        <button type="button" className="btn btn-primary btn-sm" onClick={() => setConfirming(true)}>
          {money.handover.confirm}
        </button>
        <button type="button" className="btn btn-outline btn-error btn-sm" onClick={() => setDisputing(true)}>
          {money.dispute.report}
        </button>
      </div>
      <ConfirmDialog
        open={confirming}
        title={money.handover.confirmTitle(order.listing.model)}
        message={money.handover.confirmBody}
        confirmLabel={money.handover.confirm}
        onConfirm={() => void onConfirm()}
        onCancel={() => setConfirming(false)}
        isPending={confirm.isPending}
      />
      <DisputeDialog
        orderId={order.id}
        model={order.listing.model}
        open={disputing}
        onClose={() => setDisputing(false)}
        onDone={() => {
          setDisputing(false);
          toast.success(money.dispute.submitted);
        }}
      />
    </div>
  );
}
