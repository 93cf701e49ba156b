import { Banknote, Phone } from "lucide-react";
import { type FormEvent, useId, useState } from "react";
import { formatPhone } from "#shared/format.ts";
import type { Order } from "#shared/schemas/orders.ts";
import { TALK_MSG } from "#shared/talk-messages.ts";
import { FormField } from "#web/components/form-field.tsx";
import { Modal } from "#web/components/modal.tsx";
import { PendingButton } from "#web/components/pending-button.tsx";
import { ApiError, errorMessage } from "#web/lib/api-client.ts";
import { useFormat, useTexts } from "#web/lib/i18n.tsx";
import { toast } from "#web/lib/toast.ts";
import { DEAL_PAGES_TEXT } from "#web/texts/deals.ts";
import { useConfirmCash, useDisputeCash } from "./api/cash.ts";

/** A cash mark the buyer has not answered: the seller said they paid, and the card form must wait. */
export function cashWaiting(order: Pick<Order, "status" | "cash">): boolean {
  return order.status === "held" && order.cash !== null && order.cash.disputedAt === null;
}

/** The buyer's "No, I didn't": why, if they like, then sent to an admin. */
function DisputeDialog({ order, open, onClose }: { order: Order; open: boolean; onClose: () => void }) {
  const T = useTexts(DEAL_PAGES_TEXT).dealPages.cashAnswer;
  const cash = useTexts(TALK_MSG).cash;
  const dispute = useDisputeCash();
  const [reason, setReason] = useState("");
  const [error, setError] = useState<string | undefined>();
  const introId = useId();
  const onSubmit = async (e: FormEvent) => {
    e.preventDefault();
    if (reason.trim().length > 500) {
      setError(cash.reasonTooLong);
      return;
    }
    try {
      await dispute.mutateAsync({ orderId: order.id, ...(reason.trim() ? { reason: reason.trim() } : {}) });
    } catch (err) {
      const fieldError = err instanceof ApiError ? err.fieldErrors.reason : undefined;
      if (fieldError) setError(fieldError);
      else {
        toast.error(errorMessage(err));
        onClose();
      }
      return;
    }
    toast.success(cash.disputed);
    onClose();
  };
  return (
    <Modal open={open} onClose={onClose} title={cash.disputeTitle} describedBy={introId}>
      <form noValidate onSubmit={(e) => void onSubmit(e)} className="flex flex-col gap-4">
        <p id={introId}>{cash.disputeIntro}</p>
        <FormField id={`${introId}-reason`} label={cash.reasonLabel} error={error}>
          {(control) => (
            <textarea
              {...control}
              value={reason}
              onChange={(e) => {
                setReason(e.target.value);
                setError(undefined);
              }}
              rows={3}
              className="textarea w-full"
            />
          )}
        </FormField>
        <div className="modal-action">
          <button type="button" className="btn btn-ghost" onClick={onClose} data-autofocus>
            {T.cancel}
          </button>
          <PendingButton type="submit" className="btn btn-primary" pending={dispute.isPending}>
            {cash.disputeSubmit}
          </PendingButton>
        </div>
      </form>
    </Modal>
  );
}

/**
 * The seller says the buyer paid in cash: the buyer confirms ("Yes, I paid": the order is paid in
 * cash) or disputes it ("No, I didn't", with an optional reason, for an admin).
 */
export function CashAnswer({ order, small = false }: { order: Order; small?: boolean }) {
  const cash = useTexts(TALK_MSG).cash;
  const format = useFormat();
  const confirm = useConfirmCash();
  const [disputing, setDisputing] = useState(false);
  const noticeId = useId();
  const size = small ? "btn-sm" : "";
  const onConfirm = async () => {
    try {
      await confirm.mutateAsync(order.id);
    } catch (err) {
      toast.error(errorMessage(err));
      return;
    }
    toast.success(cash.confirmed);
  };
  return (
    <section aria-labelledby={noticeId} className="flex w-full flex-col gap-3 rounded-box bg-warning/15 p-4">
      <p id={noticeId} className="flex items-start gap-2 font-semibold">
        <Banknote className="mt-0.5 size-5 shrink-0 text-warning" aria-hidden="true" />
        {cash.buyerNotice(format.taka(order.price))}
      </p>
      <div className="flex flex-wrap gap-2">
        <PendingButton
          type="button"
          className={`btn btn-primary ${size}`}
          pending={confirm.isPending}
          onClick={() => void onConfirm()}
        >
          {cash.yes}
        </PendingButton>
        <button
          type="button"
          className={`btn btn-outline ${size}`}
          disabled={confirm.isPending}
          onClick={() => setDisputing(true)}
        >
          {cash.no}
        </button>
      </div>
      <DisputeDialog order={order} open={disputing} onClose={() => setDisputing(false)} />
    </section>
  );
}

/** The buyer said they did not pay the cash the seller marked: said, above the usual Pay and Cancel. */
export function CashDisputedNote() {
  const cash = useTexts(TALK_MSG).cash;
  return <p className="rounded-box bg-base-200 p-3 text-sm">{cash.disputedForBuyer}</p>;
}

/**
 * How the buyer reaches the seller while the booking is held or paid: tap to call, or that the
 * seller has not given a phone yet. Nothing once the booking has ended (the server sends none then).
 */
export function SellerPhone({ order }: { order: Pick<Order, "status" | "sellerPhone"> }) {
  const sellerPhone = useTexts(TALK_MSG).sellerPhone;
  if (order.status !== "held" && order.status !== "paid") return null;
  return (
    <div className="text-sm">
      <p className="text-xs text-base-content/70">{sellerPhone.buyerLabel}</p>
      {order.sellerPhone ? (
        <a
          href={`tel:${order.sellerPhone}`}
          className="link link-hover inline-flex items-center gap-1 whitespace-nowrap font-medium"
        >
          <Phone className="size-4 shrink-0" aria-hidden="true" />
          {formatPhone(order.sellerPhone)}
        </a>
      ) : (
        <p className="text-base-content/70">{sellerPhone.notGiven}</p>
      )}
    </div>
  );
}

/**
 * The deal as the buyer's order page shows it under the bike: the seller's phone, and a cash mark
 * to answer (or the note that they disputed it).
 */
export function BuyerDeal({ order }: { order: Order }) {
  if (order.status !== "held" && order.status !== "paid") return null;
  return (
    <div className="flex flex-col gap-3">
      {cashWaiting(order) ? <CashAnswer order={order} /> : null}
      {order.status === "held" && order.cash?.disputedAt ? <CashDisputedNote /> : null}
      <div className="rounded-box border border-base-300 bg-base-100 p-4">
        <SellerPhone order={order} />
      </div>
    </div>
  );
}
