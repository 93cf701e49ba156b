import { useQueryClient } from "@tanstack/react-query";
import { lazy, type ReactNode, Suspense, useEffect, useId, useRef, useState } from "react";
import { useLocation, useSearchParams } from "react-router";
import { MSG } from "#shared/messages.ts";
import type { Listing, MyOrder } from "#shared/schemas/listings.ts";
import { paths } from "#web/config/paths.ts";
import { useTexts } from "#web/lib/i18n.tsx";
import { useSendToSignin } from "#web/lib/send-to-signin.ts";
import { useSession } from "#web/lib/session.ts";
import { usePressWhenKnown } from "#web/lib/use-press-when-known.ts";
import { BOOK_TEXT } from "#web/texts/book.ts";
import { lastPhoneQueryOptions } from "./api/get-last-phone.ts";
import type { MyOrderFocus } from "./held-booking.tsx";

/**
 * The booking form (react-hook-form and the zod schemas, ~35 KB gzip) loads when a buyer opens it, or
 * points at Book now, never with the page: most visitors of a list never book (issue 12's budget).
 */
const loadBookModal = () => import("./book-modal.tsx");
const BookModal = lazy(async () => ({ default: (await loadBookModal()).BookModal }));

type BookButtonProps = {
  listing: Listing;
  /** The signed-in buyer's own live booking of this bike (a details page knows it; a card does not). */
  myOrder?: MyOrder | null;
  /**
   * Shows that booking in Book now's place (`MyOrderPanel`): passed in by the details page rather
   * than imported here, so the home page's cards, which never know a booking, do not load it.
   */
  renderMyOrder?: (myOrder: MyOrder, focus: MyOrderFocus) => ReactNode;
  /** The price of an offer the seller accepted, which the buyer books at instead of the asking price. */
  offerPrice?: number | undefined;
  className?: string;
};

/** `?book=1` on a bike's page: open its booking form (where sign-in returns a visitor who pressed Book now). */
const BOOK_PARAM = "book";

/**
 * Book now from elsewhere on the bike's page (the phone's price bar): a buyer gets the page's own
 * booking form, through `?book=1` as sign-in's way back does; a signed-out visitor is sent to sign in
 * and back with it open. One form, one way in, whichever Book now was pressed.
 */
export function useBookNow(listing: Listing): () => void {
  const { user } = useSession();
  const sendToSignin = useSendToSignin();
  const [, setSearchParams] = useSearchParams();
  const bookingPath = `${paths.listingDetails.getHref(listing.id)}?${BOOK_PARAM}=1`;
  return () => {
    if (!user) return sendToSignin(bookingPath);
    setSearchParams(
      (prev) => {
        const next = new URLSearchParams(prev);
        next.set(BOOK_PARAM, "1");
        return next;
      },
      { replace: true, preventScrollReset: true },
    );
  };
}

/**
 * "Book now" for a buyer; "Stock Out" (disabled) once sold, except to the buyer who booked it: they
 * see their booking instead (pay within…, Pay, Cancel booking), in the button's place. A signed-out visitor is told to sign in,
 * sent there, and brought back to the bike's page with the booking form open; sellers and admins
 * cannot book, and are told so.
 */
export function BookButton({
  listing,
  myOrder = null,
  renderMyOrder,
  offerPrice,
  className = "",
}: BookButtonProps) {
  const { user, isLoading } = useSession();
  const T = useTexts(BOOK_TEXT).bookPages.book.button;
  const msg = useTexts(MSG).listing;
  const [open, setOpen] = useState(false);
  const [focusAfter, setFocusAfter] = useState<"booked" | "cancelled" | null>(null);
  const bookRef = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    if (focusAfter === "cancelled" && !myOrder && bookRef.current) {
      bookRef.current.focus();
      setFocusAfter(null);
    }
  }, [focusAfter, myOrder]);
  const sendToSignin = useSendToSignin();
  const queryClient = useQueryClient();
  // Pointing at Book now loads the form and the phone it offers, so both are there when it opens.
  const preload = () => {
    void loadBookModal();
    void queryClient.prefetchQuery(lastPhoneQueryOptions);
  };
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

  // Pressed before the session is known: carried out once it is (src/web/lib/use-press-when-known.ts).
  const bookNow = usePressWhenKnown(isLoading, () => {
    if (!user) return sendToSignin(bookingPath);
    if (user.role === "buyer" && listing.status !== "sold") setOpen(true);
  });

  // Outside the branches below: booking turns Book now into the buyer's booking, and the form stays
  // mounted (its toast said, its focus handed on) until it closes itself.
  const modal =
    user && open ? (
      <Suspense
        fallback={
          <span className="loading loading-spinner loading-sm" role="status" aria-label={T.opening} />
        }
      >
        <BookModal
          listing={listing}
          buyer={user}
          offerPrice={offerPrice}
          open
          onClose={() => setOpen(false)}
          onBooked={() => setFocusAfter("booked")}
          onSignedOut={() => sendToSignin(bookingPath)}
        />
      </Suspense>
    ) : null;

  if (myOrder && renderMyOrder) {
    return (
      <>
        {renderMyOrder(myOrder, {
          justBooked: focusAfter === "booked",
          onCancelled: () => setFocusAfter("cancelled"),
        })}
        {modal}
      </>
    );
  }

  if (listing.status === "sold") {
    return (
      <>
        <button type="button" className={`btn ${className}`} disabled>
          {msg.stockOut}
        </button>
        {modal}
      </>
    );
  }

  if (user && user.role !== "buyer") {
    return (
      <div className="flex flex-col gap-1">
        <button type="button" className={`btn btn-primary ${className}`} disabled aria-describedby={hintId}>
          {T.bookNow}
        </button>
        <p id={hintId} className="text-xs text-base-content/70">
          {T.buyersOnly}
        </p>
      </div>
    );
  }

  const signedOut = !user && !isLoading;
  return (
    <div className="flex flex-col gap-1">
      <button
        ref={bookRef}
        type="button"
        className={`btn btn-primary ${className}`}
        aria-haspopup="dialog"
        aria-describedby={signedOut ? hintId : undefined}
        onClick={() => bookNow()}
        onPointerEnter={user ? preload : undefined}
        onFocus={user ? preload : undefined}
      >
        {T.bookNow}
      </button>
      {signedOut ? (
        <p id={hintId} className="text-xs text-base-content/70">
          {msg.signInToBook}
        </p>
      ) : null}
      {modal}
    </div>
  );
}
