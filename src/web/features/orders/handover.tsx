import { CircleCheck, ShieldCheck } from "lucide-react";
import { useState } from "react";
import { toast } from "react-toastify";
import { formatDate } from "#shared/format.ts";
import { MSG } from "#shared/messages.ts";
import type { Order } from "#shared/schemas/orders.ts";
import { ConfirmDialog } from "#web/components/confirm-dialog.tsx";
import { errorMessage } from "#web/lib/api-client.ts";
import { useConfirmHandover } from "./api/confirm-handover.ts";

/**
 * A card-paid order's money, as its buyer sees it: held by MotoHaat until the handover, with the
 * button that releases it to the seller (asking first), or gone to the seller.
 */
export function HandoverState({ order }: { order: Order & { handover: NonNullable<Order["handover"]> } }) {
  const [confirming, setConfirming] = useState(false);
  const confirm = useConfirmHandover();
  const { handover } = order;
  if (handover.moneyReleasedAt) {
    return (
      <p className="flex items-start gap-2 text-sm font-semibold">
        <CircleCheck className="size-5 shrink-0 text-success" aria-hidden="true" />
        {MSG.handover.buyerReleased}
      </p>
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
    toast.success(MSG.handover.confirmed);
    setConfirming(false);
  };
  return (
    <div className="flex flex-col gap-3">
      <p className="flex items-start gap-2 text-sm">
        <ShieldCheck className="size-5 shrink-0 text-success" aria-hidden="true" />
        <span>{MSG.handover.buyerHeld(formatDate(handover.releaseDueAt))}</span>
      </p>
      <button type="button" className="btn btn-primary btn-sm self-start" onClick={() => setConfirming(true)}>
        {MSG.handover.confirm}
      </button>
      <ConfirmDialog
        open={confirming}
        title={MSG.handover.confirmTitle(order.listing.model)}
        message={MSG.handover.confirmBody}
        confirmLabel={MSG.handover.confirm}
        onConfirm={() => void onConfirm()}
        onCancel={() => setConfirming(false)}
        isPending={confirm.isPending}
      />
    </div>
  );
}
