import { useId, useState } from "react";
import { MSG } from "#shared/messages.ts";
import type { Listing } from "#shared/schemas/listings.ts";
import { useSendToSignin } from "#web/lib/send-to-signin.ts";
import { useSession } from "#web/lib/session.ts";
import { BookModal } from "./book-modal.tsx";

type BookButtonProps = {
  listing: Listing;
  className?: string;
};

/**
 * "Book now" for a buyer; "Stock Out" (disabled) once sold. A signed-out visitor is sent to sign
 * in and brought back here; sellers and admins cannot book, and are told so.
 */
export function BookButton({ listing, className = "" }: BookButtonProps) {
  const { user, isLoading } = useSession();
  const [open, setOpen] = useState(false);
  const sendToSignin = useSendToSignin();
  const hintId = useId();

  if (listing.status === "sold") {
    return (
      <button type="button" className={`btn ${className}`} disabled>
        {MSG.listing.stockOut}
      </button>
    );
  }

  if (user && user.role !== "buyer") {
    return (
      <div className="flex flex-col gap-1">
        <button type="button" className={`btn btn-primary ${className}`} disabled aria-describedby={hintId}>
          Book now
        </button>
        <p id={hintId} className="text-xs text-base-content/70">
          Only buyer accounts can book bikes.
        </p>
      </div>
    );
  }

  return (
    <>
      <button
        type="button"
        className={`btn btn-primary ${className}`}
        disabled={isLoading}
        aria-haspopup="dialog"
        onClick={() => (user ? setOpen(true) : sendToSignin())}
      >
        Book now
      </button>
      {user ? (
        <BookModal
          listing={listing}
          buyer={user}
          open={open}
          onClose={() => setOpen(false)}
          onSignedOut={sendToSignin}
        />
      ) : null}
    </>
  );
}
