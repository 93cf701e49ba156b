import { zodResolver } from "@hookform/resolvers/zod";
import { CircleAlert } from "lucide-react";
import { type ReactNode, useEffect, useId, useState } from "react";
import { useForm } from "react-hook-form";
import type { z } from "zod";
import { formatPhone } from "#shared/format.ts";
import { MSG } from "#shared/messages.ts";
import type { User } from "#shared/schemas/auth.ts";
import type { Listing } from "#shared/schemas/listings.ts";
import { BookingFieldsSchema, normalisePhone } from "#shared/schemas/orders.ts";
import { TALK_MSG } from "#shared/talk-messages.ts";
import { ErrorAlert } from "#web/components/error-alert.tsx";
import { Facts } from "#web/components/facts.tsx";
import { FormField } from "#web/components/form-field.tsx";
import { Modal } from "#web/components/modal.tsx";
import { PendingButton } from "#web/components/pending-button.tsx";
import { Price } from "#web/components/price.tsx";
import { ApiError, errorMessage } from "#web/lib/api-client.ts";
import { showFieldErrors } from "#web/lib/form-errors.ts";
import { useFormat, useTexts } from "#web/lib/i18n.tsx";
import { toast } from "#web/lib/toast.ts";
import { BOOK_TEXT } from "#web/texts/book.ts";
import { useCreateOrder } from "./api/create-order.ts";
import { useLastPhone } from "./api/get-last-phone.ts";

type BookingForm = z.input<typeof BookingFieldsSchema>;
const fields = ["phone", "meetingLocation"] as const;

type BookModalProps = {
  listing: Listing;
  buyer: Pick<User, "name" | "email">;
  open: boolean;
  onClose: () => void;
  /** Booked: called before the form closes, once the bike's page shows the booking. */
  onBooked?: () => void;
  /** The signed-in session ended meanwhile: the owner sends the user to sign in. */
  onSignedOut: () => void;
  /** An offer the seller accepted: booked at its price (or the asking price, if that is now lower). */
  offerPrice?: number | undefined;
};

/** What the buyer confirms (shown as text) and the two things the seller needs to meet them. */
export function BookModal({
  listing,
  buyer,
  open,
  onClose,
  onBooked,
  onSignedOut,
  offerPrice,
}: BookModalProps) {
  const T = useTexts(BOOK_TEXT).bookPages.book.form;
  const msg = useTexts(MSG);
  const talk = useTexts(TALK_MSG);
  const format = useFormat();
  const price = offerPrice === undefined ? listing.askingPrice : Math.min(offerPrice, listing.askingPrice);
  const idPrefix = useId();
  const introId = `${idPrefix}-intro`;
  const createOrder = useCreateOrder();
  // The seller changed the price since this page loaded: the listing refetches (useCreateOrder), the
  // Price field below shows the new one, and the buyer confirms again knowing it.
  const [priceChanged, setPriceChanged] = useState(false);
  // Said inside the dialog: a toast would sit behind it (the modal is in the browser's top layer).
  const [failure, setFailure] = useState<string | null>(null);
  const close = () => {
    setPriceChanged(false);
    setFailure(null);
    onClose();
  };
  const {
    register,
    handleSubmit,
    reset,
    resetField,
    getFieldState,
    getValues,
    setError,
    formState: { errors },
  } = useForm<BookingForm, unknown, z.output<typeof BookingFieldsSchema>>({
    resolver: zodResolver(BookingFieldsSchema),
    defaultValues: { phone: "", meetingLocation: "" },
  });

  // A returning buyer finds the phone of their last booking filled in, unless they have typed already.
  const lastPhone = useLastPhone(open).data ?? null;
  const [phoneOffered, setPhoneOffered] = useState(false);
  useEffect(() => {
    // An old booking may hold a number typed before phones were checked: offer only one that is valid now.
    if (!lastPhone || !normalisePhone(lastPhone) || getFieldState("phone").isDirty || getValues("phone"))
      return;
    resetField("phone", { defaultValue: formatPhone(lastPhone) });
    setPhoneOffered(true);
  }, [lastPhone, getFieldState, getValues, resetField]);

  const onSubmit = handleSubmit(async (values) => {
    setPriceChanged(false);
    setFailure(null);
    try {
      // The price shown is the price agreed: the server refuses the booking if it is no longer so.
      await createOrder.mutateAsync({ listingId: listing.id, expectedPrice: price, ...values });
    } catch (err) {
      if (!(err instanceof ApiError)) {
        setFailure(msg.generic.somethingWrong);
        return;
      }
      if (err.code === "order.priceChanged") {
        setPriceChanged(true);
        return;
      }
      if (err.code === "order.tooManyHolds") {
        // Not about this bike: the buyer's own limit. Said here, where they can read it and decide.
        setFailure(err.message);
        return;
      }
      if (err.status === 409) {
        // Someone else won the race; the listings refetch and now show Stock Out.
        toast.error(msg.order.justSold);
        close();
        return;
      }
      if (err.status === 401) {
        close();
        onSignedOut();
        return;
      }
      // No answer (the network) or another refusal: said here, the button usable again.
      if (!showFieldErrors(err, setError, fields)) setFailure(errorMessage(err));
      return;
    }
    toast.success(msg.order.booked(listing.model));
    onBooked?.();
    reset();
    close();
  });

  const confirmed: [string, ReactNode][] = [
    [T.bikeModel, listing.model],
    [T.price, <Price key="price" amount={price} className="font-semibold" />],
    [T.yourName, buyer.name],
    [T.yourEmail, buyer.email],
  ];

  return (
    <Modal open={open} onClose={close} title={T.title(listing.model)} describedBy={introId}>
      <p id={introId} className="mb-4 text-sm text-base-content/70">
        {msg.booking.formIntro}
      </p>
      {offerPrice === undefined ? null : (
        <p className="mb-4 alert alert-success alert-soft text-sm">
          {talk.offer.bookAtOffer(format.taka(price))}
        </p>
      )}
      <form noValidate onSubmit={onSubmit} className="flex flex-col gap-4">
        {priceChanged ? (
          <div role="alert" className="alert alert-warning alert-soft items-start">
            <CircleAlert className="size-5 shrink-0" aria-hidden="true" />
            <span>{msg.order.priceChanged}</span>
          </div>
        ) : null}
        <ErrorAlert message={failure} />
        <Facts facts={confirmed} className="rounded-box bg-base-200 p-3 text-sm" />
        <FormField
          id={`${idPrefix}-phone`}
          label={T.phone}
          error={errors.phone?.message}
          hint={phoneOffered ? msg.booking.phoneFromLastBooking : undefined}
        >
          {(control) => (
            <input
              {...control}
              {...register("phone")}
              type="tel"
              autoComplete="tel"
              inputMode="tel"
              placeholder={T.phonePlaceholder}
              className="input w-full"
              data-autofocus
            />
          )}
        </FormField>
        <FormField
          id={`${idPrefix}-location`}
          label={T.meetingLocation}
          error={errors.meetingLocation?.message}
        >
          {(control) => (
            <input
              {...control}
              {...register("meetingLocation")}
              type="text"
              autoComplete="street-address"
              maxLength={200}
              placeholder={T.locationPlaceholder}
              className="input w-full"
            />
          )}
        </FormField>
        <div className="modal-action mt-2">
          <button type="button" className="btn btn-ghost" onClick={close}>
            {T.cancel}
          </button>
          <PendingButton type="submit" className="btn btn-primary" pending={createOrder.isPending}>
            {T.confirm}
          </PendingButton>
        </div>
      </form>
    </Modal>
  );
}
