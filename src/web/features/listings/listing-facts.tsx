import type { ReactNode } from "react";
import { formatDate, formatNumber } from "#shared/format.ts";
import type { Listing } from "#shared/schemas/listings.ts";
import { Facts } from "#web/components/facts.tsx";
import { Price } from "#web/components/price.tsx";

/** What a buyer compares between bikes, in the order the cards and the details page show it. */
export function ListingFacts({ listing, className = "" }: { listing: Listing; className?: string }) {
  const facts: [string, ReactNode][] = [
    ["Year", listing.year],
    ["Kilometres run", `${formatNumber(listing.kmRun)} km`],
    ["Location", listing.area ? `${listing.area}, ${listing.district.label}` : listing.district.label],
    ["Engine (CC)", listing.engineCc],
    ["Category", listing.category.label],
    ["Brand new price", <Price key="new" amount={listing.brandNewPrice} />],
    ["Asking price", <Price key="ask" amount={listing.askingPrice} className="font-semibold" />],
    ["Total used", listing.totalUsed],
    [
      "Post date",
      <time key="posted" dateTime={listing.postedAt}>
        {formatDate(listing.postedAt)}
      </time>,
    ],
  ];
  return <Facts facts={facts} className={className} />;
}
