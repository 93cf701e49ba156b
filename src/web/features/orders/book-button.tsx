import { lazy, Suspense, useEffect, useId, useState } from "react";
import { useLocation, useSearchParams } from "react-router";
import { MSG } from "#shared/messages.ts";
import type { Listing } from "#shared/schemas/listings.ts";
import { paths } from "#web/config/paths.ts";
import { useSendToSignin } from "#web/lib/send-to-signin.ts";
import { useSession } from "#web/lib/session.ts";

/**
 * The booking form (react-hook-form and the zod schemas, ~35 KB gzip) loads when a buyer opens it, or
 * points at Book now, never with the page: most visitors of a list never book (issue 12's budget).
 */
const loadBookModal = () => import("./book-modal.tsx");
const BookModal = lazy(async () => ({ default: (await loadBookModal()).BookModal }));

type BookButtonProps = {
  listing: Listing;
  className?: string;
};

/** `?book=1` on a bike's page: open its booking form (where sign-in returns a visitor who pressed Book now). */
const BOOK_PARAM = "book";

/**
 * "Book now" for a buyer; "Stock Out" (disabled) once sold. A signed-out visitor is told to sign in,
 * sent there, and brought back to the bike's page with the booking form open; sellers and admins
 * cannot book, and are told so.
 */
export function BookButton({ listing, className = "" }: BookButtonProps) {
  const { user, isLoading } = useSession();
  const [open, setOpen] = useState(false);
  const sendToSignin = useSendToSignin();
  const hintId = useId();
  const detailsPath = paths.listingDetails.getHref(listing.id);
  const bookingPath = `${detailsPath}?${BOOK_PARAM}=1`;
  const location = useLocation();
  const [searchParams, setSearchParams] = useSearchParams();
  const wantsBooking = searchParams.get(BOOK_PARAM) === "1" && location.pathname === detailsPath;

  // Back from sign-in: a buyer finds the form open; the parameter goes either way, so a reload or a
  // shared link does not open it again.
  useEffect(() => {
    if (!wantsBooking || isLoading) return;
    if (user?.role === "buyer" && listing.status !== "sold") setOpen(true);
    setSearchParams(
      (prev) => {
        const next = new URLSearchParams(prev);
        next.delete(BOOK_PARAM);
        return next;
      },
      { replace: true, preventScrollReset: true },
    );
  }, [wantsBooking, isLoading, user, listing.status, setSearchParams]);

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

  const signedOut = !user && !isLoading;
  return (
    <div className="flex flex-col gap-1">
      <button
        type="button"
        className={`btn btn-primary ${className}`}
        disabled={isLoading}
        aria-haspopup="dialog"
        aria-describedby={signedOut ? hintId : undefined}
        onClick={() => (user ? setOpen(true) : sendToSignin(bookingPath))}
        onPointerEnter={user ? loadBookModal : undefined}
        onFocus={user ? loadBookModal : undefined}
      >
        Book now
      </button>
      {signedOut ? (
        <p id={hintId} className="text-xs text-base-content/70">
          {MSG.listing.signInToBook}
        </p>
      ) : null}
      {user && open ? (
        <Suspense
          fallback={
            <span
              className="loading loading-spinner loading-sm"
              role="status"
              aria-label="Opening the booking form"
            />
          }
        >
          <BookModal
            listing={listing}
            buyer={user}
            open
            onClose={() => setOpen(false)}
            onSignedOut={() => sendToSignin(bookingPath)}
          />
        </Suspense>
      ) : null}
    </div>
  );
}
