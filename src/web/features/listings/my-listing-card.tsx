import { Megaphone, Pencil, Trash2 } from "lucide-react";
import { useState } from "react";
import { Link } from "react-router";
import { MSG } from "#shared/messages.ts";
import type { Listing, MyListing } from "#shared/schemas/listings.ts";
import { BikeCard } from "#web/components/bike-card.tsx";
import { ConfirmDialog } from "#web/components/confirm-dialog.tsx";
import { PendingButton } from "#web/components/pending-button.tsx";
import { paths } from "#web/config/paths.ts";
import { errorMessage } from "#web/lib/api-client.ts";
import { useFormat, useTexts } from "#web/lib/i18n.tsx";
import { toast } from "#web/lib/toast.ts";
import { LISTING_FORMS_TEXT } from "#web/texts/listing-forms.ts";
import { useAdvertiseListing, useStopAdvertising } from "./api/advertise-listing.ts";
import { useDeleteListing } from "./api/delete-listing.ts";
import { ListingFacts } from "./listing-facts.tsx";

/** `Held` while a buyer's unpaid booking keeps it, `Stock Out` once sold, `Available` before. */
function StatusBadge({ listing }: { listing: MyListing }) {
  const msg = useTexts(MSG);
  if (listing.order?.status === "held") {
    return <span className="badge badge-warning">{msg.sellerBooking.heldBadge}</span>;
  }
  return listing.status === "sold" ? (
    <span className="badge badge-error">{msg.listing.stockOut}</span>
  ) : (
    <span className="badge badge-success">{msg.listing.available}</span>
  );
}

type DeleteListingButtonProps = {
  listing: Listing;
  /** After the bike is gone (and the lists refetched): e.g. leave its details page. */
  onDeleted?: () => void;
  /** Small on a card, full size as a page's own action. */
  size?: "sm" | "md";
};

/** Deletes an unsold bike after asking; a sold one cannot be deleted and says so. */
export function DeleteListingButton({ listing, onDeleted, size = "sm" }: DeleteListingButtonProps) {
  const T = useTexts(LISTING_FORMS_TEXT).listingForms.myCard;
  const msg = useTexts(MSG);
  const sizeClass = size === "sm" ? "btn-sm" : "";
  const [confirming, setConfirming] = useState(false);
  const deleteListing = useDeleteListing();
  if (listing.status === "sold") {
    return (
      <button type="button" className={`btn ${sizeClass}`} disabled>
        {T.cannotDelete}
      </button>
    );
  }
  // mutateAsync, not mutate's callbacks: those are dropped when the card unmounts, and it does as
  // soon as the refetched list no longer holds the bike.
  const onConfirm = async () => {
    try {
      await deleteListing.mutateAsync(listing.id);
    } catch (err) {
      toast.error(errorMessage(err));
      setConfirming(false);
      return;
    }
    toast.success(msg.listing.deleted);
    setConfirming(false);
    onDeleted?.();
  };
  return (
    <>
      <button
        type="button"
        className={`btn btn-error btn-outline ${sizeClass}`}
        onClick={() => setConfirming(true)}
      >
        <Trash2 className="size-4" aria-hidden="true" />
        {T.delete}
      </button>
      <ConfirmDialog
        open={confirming}
        title={T.confirmTitle(listing.model)}
        message={msg.listing.confirmDelete}
        confirmLabel={T.delete}
        onConfirm={() => void onConfirm()}
        onCancel={() => setConfirming(false)}
        isPending={deleteListing.isPending}
      />
    </>
  );
}

/** Beside the status while the bike is on the home page. */
function AdvertisedBadge({ listing }: { listing: Listing }) {
  const T = useTexts(LISTING_FORMS_TEXT).listingForms.myCard;
  return listing.advertised ? (
    <span className="badge badge-info badge-outline">{T.advertisedBadge}</span>
  ) : null;
}

/**
 * Puts an unsold bike on the home page, and takes it off again with Stop ad (also once it
 * is held or sold, so it does not come back advertised when a hold ends). One button that changes
 * its words, so focus stays on it.
 */
export function AdvertiseButton({ listing, size = "sm" }: { listing: Listing; size?: "sm" | "md" }) {
  const T = useTexts(LISTING_FORMS_TEXT).listingForms.myCard;
  const msg = useTexts(MSG);
  const advertise = useAdvertiseListing();
  const stop = useStopAdvertising();
  const sizeClass = size === "sm" ? "btn-sm" : "";
  const spinnerSize = size === "sm" ? "xs" : "sm";
  if (listing.advertised) {
    return (
      <PendingButton
        type="button"
        className={`btn btn-outline ${sizeClass}`}
        pending={stop.isPending}
        spinnerSize={spinnerSize}
        // No icon of its own: every icon ships with the first page (issue 12's budget), and the
        // Advertised badge beside the status already says what it stops.
        onClick={() =>
          stop.mutate(listing.id, {
            onSuccess: () => toast.success(msg.listing.unadvertised),
            onError: (err) => toast.error(errorMessage(err)),
          })
        }
      >
        {/* Short: it shares a narrow card's row with Delete (the badge says "Advertised"). */}
        {T.stopAd}
      </PendingButton>
    );
  }
  return (
    <PendingButton
      type="button"
      className={`btn btn-primary ${sizeClass}`}
      pending={advertise.isPending}
      spinnerSize={spinnerSize}
      icon={<Megaphone className="size-4" aria-hidden="true" />}
      // A sold bike is no longer for sale: there is nothing to advertise.
      disabled={listing.status === "sold"}
      onClick={() =>
        advertise.mutate(listing.id, {
          onSuccess: () => toast.success(msg.listing.advertised),
          onError: (err) => toast.error(errorMessage(err)),
        })
      }
    >
      {T.advertise}
    </PendingButton>
  );
}

/** The way to the edit form; a sold bike can't be edited, so it has none. */
export function EditListingLink({ listing, size = "sm" }: { listing: Listing; size?: "sm" | "md" }) {
  const T = useTexts(LISTING_FORMS_TEXT).listingForms.myCard;
  if (listing.status === "sold") return null;
  return (
    <Link
      to={paths.dashboard.editListing.getHref(listing.id)}
      className={`btn btn-outline ${size === "sm" ? "btn-sm" : ""}`}
    >
      <Pencil className="size-4" aria-hidden="true" />
      {T.edit}
    </Link>
  );
}

/** Who holds or bought the bike, linked to the booking in My buyers (where to meet, how to reach them). */
function OrderLine({ order }: { order: NonNullable<MyListing["order"]> }) {
  const msg = useTexts(MSG);
  const format = useFormat();
  const text =
    order.status === "held" && order.holdUntil
      ? msg.sellerBooking.heldFor(order.buyerName, format.dateTime(order.holdUntil))
      : msg.sellerBooking.soldTo(order.buyerName);
  return (
    <p className="text-sm font-medium">
      <Link to={paths.dashboard.myBuyers.getHref()} className="link link-hover">
        {text}
      </Link>
    </p>
  );
}

/** One of the seller's bikes: what buyers see of it, its status and buyer, and what the seller can do. */
export function MyListingCard({ listing }: { listing: MyListing }) {
  const T = useTexts(LISTING_FORMS_TEXT).listingForms.myCard;
  return (
    <BikeCard
      photo={listing.photo}
      model={listing.model}
      badge={
        <span className="flex flex-wrap gap-1">
          <StatusBadge listing={listing} />
          <AdvertisedBadge listing={listing} />
        </span>
      }
    >
      {listing.order ? <OrderLine order={listing.order} /> : null}
      <ListingFacts listing={listing} className="text-sm" />
      {/* Two columns, not a wrapping row: on a narrow card a third button would wrap unevenly. */}
      <div className="mt-auto grid grid-cols-2 gap-2 border-t border-base-300 pt-4">
        <AdvertiseButton listing={listing} />
        <DeleteListingButton listing={listing} />
        <EditListingLink listing={listing} />
        <Link
          to={paths.dashboard.myListingDetails.getHref(listing.id)}
          // Beside Edit while the bike is for sale; the whole row once it is sold.
          className={`btn btn-outline btn-sm ${listing.status === "sold" ? "col-span-2" : ""}`}
        >
          {T.details}
        </Link>
      </div>
    </BikeCard>
  );
}
