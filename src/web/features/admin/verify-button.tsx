import { BadgeCheck } from "lucide-react";
import { toast } from "react-toastify";
import { MSG } from "#shared/messages.ts";
import type { Seller } from "#shared/schemas/people.ts";
import { PendingButton } from "#web/components/pending-button.tsx";
import { errorMessage } from "#web/lib/api-client.ts";
import { useVerifySeller } from "./api/verify-seller.ts";

/** "verify" until the seller is verified, then "verified" and disabled for good. */
export function VerifyButton({ seller }: { seller: Seller }) {
  const verify = useVerifySeller();
  // Until the list refetches, the answer we got is the truth.
  const verified = seller.verified || verify.isSuccess;
  if (verified) {
    return (
      <button type="button" className="btn btn-sm" disabled>
        <BadgeCheck className="size-4 text-success" aria-hidden="true" />
        verified
      </button>
    );
  }
  return (
    <PendingButton
      type="button"
      className="btn btn-primary btn-sm"
      aria-label={`verify ${seller.name}`}
      pending={verify.isPending}
      onClick={() =>
        verify.mutate(seller.id, {
          onSuccess: () => toast.success(MSG.admin.verified),
          onError: (err) => toast.error(errorMessage(err)),
        })
      }
      spinnerSize="xs"
    >
      verify
    </PendingButton>
  );
}
