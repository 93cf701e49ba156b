import { useState } from "react";
import { MSG } from "#shared/messages.ts";
import { ConfirmDialog } from "#web/components/confirm-dialog.tsx";
import { errorMessage } from "#web/lib/api-client.ts";
import { useTexts } from "#web/lib/i18n.tsx";
import { toast } from "#web/lib/toast.ts";
import { BOOK_TEXT } from "#web/texts/book.ts";
import { useCancelOrder } from "./api/cancel-order.ts";

type CancelBookingButtonProps = {
  orderId: string;
  model: string;
  /** After the booking is cancelled and the pages refetched: e.g. move focus to what replaced it. */
  onCancelled?: () => void;
  className?: string;
};

/** *Cancel booking* of an unpaid booking: asks first, then the bike is for sale again. */
export function CancelBookingButton({
  orderId,
  model,
  onCancelled,
  className = "",
}: CancelBookingButtonProps) {
  const T = useTexts(BOOK_TEXT).bookPages.book.held;
  const msg = useTexts(MSG).booking;
  const [confirming, setConfirming] = useState(false);
  const cancel = useCancelOrder();
  // mutateAsync, not mutate's callbacks: the button unmounts as soon as the refetched bike or order
  // no longer shows a held booking, and mutate's callbacks would be dropped with it.
  const onConfirm = async () => {
    try {
      await cancel.mutateAsync(orderId);
    } catch (err) {
      // Paid or ended meanwhile (409), or no answer: said, and the refetched page shows where it stands.
      toast.error(errorMessage(err));
      setConfirming(false);
      return;
    }
    toast.success(msg.cancelled(model));
    setConfirming(false);
    onCancelled?.();
  };
  return (
    <>
      <button type="button" className={`btn btn-outline ${className}`} onClick={() => setConfirming(true)}>
        {T.cancelBooking}
      </button>
      <ConfirmDialog
        open={confirming}
        title={msg.confirmCancelTitle(model)}
        message={msg.confirmCancel}
        confirmLabel={T.cancelBooking}
        cancelLabel={T.keepBooking}
        onConfirm={() => void onConfirm()}
        onCancel={() => setConfirming(false)}
        isPending={cancel.isPending}
      />
    </>
  );
}
