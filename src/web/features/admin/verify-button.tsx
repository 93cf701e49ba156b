import { BadgeCheck } from "lucide-react";
import { toast } from "react-toastify";
import { MSG } from "#shared/messages.ts";
import type { SellerRow } from "#shared/schemas/admin.ts";
import { useVerifySeller } from "./api/verify-seller.ts";

/** "verify" until the seller is verified, then "verified" and disabled for good. */
export function VerifyButton({ seller }: { seller: SellerRow }) {
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
    <button
      type="button"
      className="btn btn-primary btn-sm"
      aria-label={`verify ${seller.name}`}
      disabled={verify.isPending}
      onClick={() =>
        verify.mutate(seller.id, {
          onSuccess: () => toast.success(MSG.admin.verified),
          onError: (err) => toast.error(err.message || MSG.generic.somethingWrong),
        })
      }
    >
      {verify.isPending ? <span className="loading loading-spinner loading-xs" aria-hidden="true" /> : null}
      verify
    </button>
  );
}
