import { type ReactNode, useId } from "react";
import { MSG } from "#shared/messages.ts";
import type { Listing } from "#shared/schemas/listings.ts";
import { Img } from "#web/components/img.tsx";
import { Price } from "#web/components/price.tsx";
import { UserAvatar } from "#web/components/user-avatar.tsx";
import { VerifiedTick } from "#web/components/verified-tick.tsx";
import { ListingFacts } from "./listing-facts.tsx";

type ListingDetailsProps = {
  listing: Listing;
  /** What this viewer can do with the bike: book and report for a buyer, delete for its seller. */
  actions?: ReactNode;
};

/** Everything about one bike, for the buyer's details page and the seller's own details page. */
export function ListingDetails({ listing, actions }: ListingDetailsProps) {
  const sold = listing.status === "sold";
  const { seller } = listing;
  const titleId = useId();
  const sellerId = useId();
  return (
    <article aria-labelledby={titleId} className="grid gap-6 lg:grid-cols-2 lg:gap-10">
      <figure className="relative aspect-[4/3] overflow-hidden rounded-box bg-base-200">
        <Img
          image={listing.photo}
          alt={listing.model}
          sizes="(min-width: 1440px) 700px, (min-width: 1024px) 50vw, 100vw"
          loading="eager"
          fetchPriority="high"
          className="absolute inset-0 size-full object-cover"
        />
      </figure>
      <div className="flex min-w-0 flex-col gap-6">
        <div className="space-y-3">
          <div className="flex flex-wrap items-center gap-2">
            <span className={`badge font-semibold ${sold ? "badge-error" : "badge-success"}`}>
              {sold ? MSG.listing.stockOut : MSG.listing.available}
            </span>
            <span className="badge badge-secondary badge-outline">{listing.brand}</span>
          </div>
          <h1 id={titleId} className="text-3xl font-bold break-words sm:text-4xl">
            {listing.model}
          </h1>
          <p className="text-2xl font-semibold text-primary">
            <Price amount={listing.askingPrice} />
          </p>
        </div>
        <ListingFacts listing={listing} className="max-w-md" />
        <section aria-labelledby={sellerId} className="rounded-box border border-base-300 p-4">
          <h2 id={sellerId} className="mb-3 text-sm font-semibold text-base-content/70">
            Seller
          </h2>
          <div className="flex items-center gap-3">
            <UserAvatar user={seller} size="size-12" />
            <div className="min-w-0">
              <p className="flex items-center gap-1 font-medium">
                <span className="truncate">{seller.name}</span>
                {seller.verified ? <VerifiedTick className="size-5" /> : null}
              </p>
            </div>
          </div>
        </section>
        {actions}
      </div>
    </article>
  );
}
