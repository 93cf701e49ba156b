import { BadgeCheck } from "lucide-react";
import { useState } from "react";
import { MSG } from "#shared/messages.ts";
import type { AdminSeller } from "#shared/schemas/admin.ts";
import { ConfirmDialog } from "#web/components/confirm-dialog.tsx";
import { PendingButton } from "#web/components/pending-button.tsx";
import { errorMessage } from "#web/lib/api-client.ts";
import { useTexts } from "#web/lib/i18n.tsx";
import { toast } from "#web/lib/toast.ts";
import { DASHBOARD_SCREENS_TEXT } from "#web/texts/dashboard-screens.ts";
import { useUnverifySeller, useVerifySeller } from "./api/verify-seller.ts";

const failed = (err: Error) => toast.error(errorMessage(err));

/**
 * The Verification cell of All sellers. Unverified: _verify_, which asks first (the tick tells
 * buyers the seller was checked); the success toast offers _Undo_. Verified: a "verified" mark and
 * _Remove verification_, which also asks first, so a tick given by mistake can be taken back later.
 */
export function VerifyButton({ seller }: { seller: AdminSeller }) {
  const T = useTexts(DASHBOARD_SCREENS_TEXT).dashboardScreens.verifyButton;
  const msg = useTexts(MSG);
  const verify = useVerifySeller();
  const unverify = useUnverifySeller();
  const [confirming, setConfirming] = useState(false);
  // Until the list refetches, the latest answer we got is the truth.
  const [answered, setAnswered] = useState<boolean | null>(null);
  const verified = answered ?? seller.verified;

  const undo = () =>
    unverify.mutate(seller.id, {
      onSuccess: () => {
        setAnswered(false);
        toast.success(msg.admin.unverified);
      },
      onError: failed,
    });

  const confirm = () => {
    if (verified) {
      unverify.mutate(seller.id, {
        onSuccess: () => {
          setConfirming(false);
          setAnswered(false);
          toast.success(msg.admin.unverified);
        },
        onError: (err) => {
          setConfirming(false);
          failed(err);
        },
      });
      return;
    }
    verify.mutate(seller.id, {
      onSuccess: () => {
        setConfirming(false);
        setAnswered(true);
        toast.success(({ closeToast }) => (
          <span className="flex flex-wrap items-center gap-x-3 gap-y-1">
            {msg.admin.verified}
            <button
              type="button"
              className="btn btn-sm btn-outline"
              aria-label={msg.admin.undoVerify(seller.name)}
              onClick={() => {
                closeToast();
                undo();
              }}
            >
              {msg.admin.undo}
            </button>
          </span>
        ));
      },
      onError: (err) => {
        setConfirming(false);
        failed(err);
      },
    });
  };

  return (
    <div className="flex flex-wrap items-center gap-2">
      {verified ? (
        <>
          <span className="inline-flex items-center gap-1 text-sm font-medium whitespace-nowrap">
            <BadgeCheck className="size-4 text-success" aria-hidden="true" />
            {T.verified}
          </span>
          <PendingButton
            type="button"
            className="btn btn-ghost btn-sm"
            aria-label={T.removeVerificationLabel(seller.name)}
            pending={unverify.isPending && !confirming}
            spinnerSize="xs"
            onClick={() => setConfirming(true)}
          >
            {msg.admin.removeVerification}
          </PendingButton>
        </>
      ) : (
        <PendingButton
          type="button"
          className="btn btn-primary btn-sm"
          aria-label={T.verifyLabel(seller.name)}
          pending={unverify.isPending && !confirming}
          spinnerSize="xs"
          onClick={() => setConfirming(true)}
        >
          {T.verify}
        </PendingButton>
      )}
      <ConfirmDialog
        open={confirming}
        title={
          verified ? msg.admin.confirmUnverifyTitle(seller.name) : msg.admin.confirmVerifyTitle(seller.name)
        }
        message={verified ? msg.admin.confirmUnverify : msg.admin.confirmVerify}
        confirmLabel={verified ? msg.admin.removeVerification : msg.admin.verify}
        tone={verified ? "danger" : "primary"}
        isPending={verify.isPending || unverify.isPending}
        onCancel={() => setConfirming(false)}
        onConfirm={confirm}
      />
    </div>
  );
}
