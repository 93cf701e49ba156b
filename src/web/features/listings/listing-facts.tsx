import type { ReactNode } from "react";
import { formatDate } from "#shared/format.ts";
import type { Listing } from "#shared/schemas/listings.ts";
import { Price } from "#web/components/price.tsx";

/** What a buyer compares between bikes, in the order the cards and the details page show it. */
export function ListingFacts({ listing, className = "" }: { listing: Listing; className?: string }) {
  const facts: [string, ReactNode][] = [
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
  return (
    <dl className={`grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 ${className}`}>
      {facts.map(([term, value]) => (
        <div key={term} className="contents">
          <dt className="text-base-content/70">{term}</dt>
          <dd className="min-w-0 break-words text-right">{value}</dd>
        </div>
      ))}
    </dl>
  );
}
