import { type ReactNode, useId } from "react";
import { Link } from "react-router";
import { MSG } from "#shared/messages.ts";
import type { Listing, ListingPhoto, PriceHint as PriceHintData } from "#shared/schemas/listings.ts";
import { Price } from "#web/components/price.tsx";
import { SellerRatingBadge } from "#web/components/seller-rating.tsx";
import { UserAvatar } from "#web/components/user-avatar.tsx";
import { VerifiedTick } from "#web/components/verified-tick.tsx";
import { paths } from "#web/config/paths.ts";
import { useTexts } from "#web/lib/i18n.tsx";
import { LISTING_PAGES_TEXT } from "#web/texts/listings.ts";
import { Gallery } from "./gallery.tsx";
import { ListingFacts } from "./listing-facts.tsx";
import { PapersChecklist } from "./papers-checklist.tsx";
import { PriceHint } from "./price-hint.tsx";
import { ShareButton } from "./share-button.tsx";

type ListingDetailsProps = {
  /** With every photo in order when the details answer has them; the cover alone otherwise. */
  listing: Listing & { photos?: ListingPhoto[] };
  /** Where the asking price sits among comparable bikes; nothing is said when null. */
  priceHint?: PriceHintData | null;
  /** What this viewer can do with the bike: book and report for a buyer, delete for its seller. */
  actions?: ReactNode;
  /** The viewer's own live booking of this bike: they see it as theirs, not as `Stock Out`. */
  myOrderStatus?: "held" | "paid" | undefined;
};

/** Everything about one bike, for the buyer's details page and the seller's own details page. */
export function ListingDetails({ listing, priceHint, actions, myOrderStatus }: ListingDetailsProps) {
  const T = useTexts(LISTING_PAGES_TEXT).listingPages.details;
  const msg = useTexts(MSG);
  const sold = listing.status === "sold";
  const status =
    myOrderStatus === "paid"
      ? { label: msg.booking.paidBadge, className: "badge-success" }
      : myOrderStatus === "held"
        ? { label: msg.booking.heldBadge, className: "badge-info" }
        : sold
          ? { label: msg.listing.stockOut, className: "badge-error" }
          : { label: msg.listing.available, className: "badge-success" };
  const { seller } = listing;
  const titleId = useId();
  const sellerId = useId();
  const descriptionId = useId();
  const photos = listing.photos?.length ? listing.photos : [listing.photo];
  return (
    <article aria-labelledby={titleId} className="grid gap-6 lg:grid-cols-2 lg:gap-10">
      {/* On a large screen the photos stay in view beside the long column of facts. */}
      <div className="min-w-0 lg:sticky lg:top-20 lg:self-start">
        <Gallery photos={photos} model={listing.model} />
      </div>
      <div className="flex min-w-0 flex-col gap-6">
        <div className="space-y-3">
          <div className="flex flex-wrap items-center gap-2">
            <span className={`badge font-semibold ${status.className}`}>{status.label}</span>
            <span className="badge badge-secondary badge-outline">{listing.brand}</span>
            <span className={`badge ${listing.negotiable ? "badge-info" : "badge-neutral"} badge-outline`}>
              {listing.negotiable ? msg.listing.negotiable : msg.listing.fixedPrice}
            </span>
            <ShareButton listing={listing} className="btn-outline btn-sm ms-auto" />
          </div>
          <h1 id={titleId} className="text-3xl font-bold break-words sm:text-4xl">
            {listing.model}
          </h1>
          <p className="text-2xl font-semibold text-primary">
            <Price amount={listing.askingPrice} />
          </p>
          <PriceHint hint={priceHint} />
        </div>
        <ListingFacts listing={listing} className="max-w-md" />
        {listing.description ? (
          <section aria-labelledby={descriptionId}>
            <h2 id={descriptionId} className="mb-2 text-sm font-semibold text-base-content/70">
              {T.aboutBike}
            </h2>
            {/* Plain text as the seller typed it: React escapes it, pre-line keeps its line breaks. */}
            <p className="break-words whitespace-pre-line">{listing.description}</p>
          </section>
        ) : null}
        <PapersChecklist listing={listing} />
        <section aria-labelledby={sellerId} className="rounded-box border border-base-300 p-4">
          <h2 id={sellerId} className="mb-3 text-sm font-semibold text-base-content/70">
            {T.seller}
          </h2>
          <div className="flex items-center gap-3">
            <UserAvatar user={seller} size="size-12" />
            <div className="min-w-0">
              <p className="flex items-center gap-1 font-medium">
                <Link to={paths.sellers.getHref(seller.id)} className="link link-hover truncate">
                  {seller.name}
                </Link>
                {seller.verified ? <VerifiedTick className="size-5" /> : null}
              </p>
              <SellerRatingBadge rating={seller.rating} />
            </div>
          </div>
        </section>
        {actions}
      </div>
    </article>
  );
}
