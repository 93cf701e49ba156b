import type { ReactNode } from "react";
import type { Listing } from "#shared/schemas/listings.ts";
import { Facts } from "#web/components/facts.tsx";
import { Price } from "#web/components/price.tsx";
import { useFormat, useTexts } from "#web/lib/i18n.tsx";
import { usePlaceNames } from "#web/lib/place-names.ts";
import { LISTING_PAGES_TEXT } from "#web/texts/listings.ts";
import { plainNumber } from "./plain-number.ts";

/** What a buyer compares between bikes, in the order the cards and the details page show it. */
export function ListingFacts({ listing, className = "" }: { listing: Listing; className?: string }) {
  const { facts: T, common } = useTexts(LISTING_PAGES_TEXT).listingPages;
  const format = useFormat();
  const places = usePlaceNames();
  const district = places.district(listing.district.slug);
  const facts: [string, ReactNode][] = [
    [T.year, plainNumber(listing.year, format.locale)],
    [T.kmRun, common.km(format.number(listing.kmRun))],
    [T.location, listing.area ? `${listing.area}, ${district}` : district],
    [T.engine, plainNumber(listing.engineCc, format.locale)],
    [T.category, places.category(listing.category.slug)],
    [T.brandNewPrice, <Price key="new" amount={listing.brandNewPrice} />],
    [T.askingPrice, <Price key="ask" amount={listing.askingPrice} className="font-semibold" />],
    [T.totalUsed, listing.totalUsed],
    [
      T.postDate,
      <time key="posted" dateTime={listing.postedAt}>
        {format.date(listing.postedAt)}
      </time>,
    ],
  ];
  return <Facts facts={facts} className={className} />;
}
