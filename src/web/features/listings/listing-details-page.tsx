import type { ReactNode } from "react";
import { Link, useParams } from "react-router";
import { MSG } from "#shared/messages.ts";
import type { Listing, ListingDetailResponse } from "#shared/schemas/listings.ts";
import { LoadError } from "#web/components/load-error.tsx";
import { PageTitle } from "#web/components/page-title.tsx";
import { Spinner } from "#web/components/spinner.tsx";
import { paths } from "#web/config/paths.ts";
import { ApiError } from "#web/lib/api-client.ts";
import { useFormat, useTexts } from "#web/lib/i18n.tsx";
import { usePlaceNames } from "#web/lib/place-names.ts";
import { LISTING_PAGES_TEXT } from "#web/texts/listings.ts";
import { useListing } from "./api/get-listing.ts";
import { ListingDetails } from "./listing-details.tsx";
import { ListingsNotFound } from "./listings-not-found.tsx";
import { plainNumber } from "./plain-number.ts";

/** What a search result says of the bike: "2021 · 12,000 km · Dhaka · ৳1,80,000 — Yamaha FZS…". */
function listingDescription(
  listing: Listing,
  T: typeof LISTING_PAGES_TEXT.listingPages,
  format: ReturnType<typeof useFormat>,
  places: ReturnType<typeof usePlaceNames>,
): string {
  const facts = [
    plainNumber(listing.year, format.locale),
    T.common.km(format.number(listing.kmRun)),
    places.district(listing.district.slug),
  ];
  return T.detailsPage.description(
    listing.model,
    places.category(listing.category.slug),
    facts.join(" · "),
    format.taka(listing.askingPrice),
  );
}

/** schema.org's Product with its Offer, which search engines show as the price and whether it is for sale. */
function productJsonLd(listing: Listing, origin: string): Record<string, unknown> {
  const url = new URL(paths.listingDetails.getHref(listing.id), origin).href;
  return {
    "@context": "https://schema.org",
    "@type": "Product",
    name: listing.model,
    brand: { "@type": "Brand", name: listing.brand },
    category: listing.category.label,
    image: new URL(listing.photo.src, origin).href,
    ...(listing.description ? { description: listing.description } : {}),
    itemCondition: "https://schema.org/UsedCondition",
    offers: {
      "@type": "Offer",
      url,
      price: listing.askingPrice,
      priceCurrency: "BDT",
      availability: listing.status === "sold" ? "https://schema.org/SoldOut" : "https://schema.org/InStock",
      seller: { "@type": "Person", name: listing.seller.name },
    },
  };
}

type ListingDetailsPageProps = {
  /** Booking and reporting live in other features; the app composes them in here. */
  actions?: (detail: ListingDetailResponse) => ReactNode;
};

/** `/products/productdetails/:id`: one bike in full, for a buyer. */
export default function ListingDetailsPage({ actions }: ListingDetailsPageProps) {
  const T = useTexts(LISTING_PAGES_TEXT).listingPages;
  const msg = useTexts(MSG);
  const format = useFormat();
  const places = usePlaceNames();
  const { id = "" } = useParams();
  const query = useListing(id);

  if (query.isPending) return <Spinner label={T.common.loadingBike} />;

  if (query.isError) {
    if (query.error instanceof ApiError && query.error.status === 404) {
      return (
        <ListingsNotFound pageTitle={T.detailsPage.notFoundTitle} heading={msg.listing.notFound}>
          {T.detailsPage.notFoundHint}
        </ListingsNotFound>
      );
    }
    return <LoadError error={query.error} onRetry={query.refetch} />;
  }

  const { listing } = query.data;
  return (
    <div className="flex flex-col gap-4">
      <PageTitle
        description={listingDescription(listing, T, format, places)}
        jsonLd={(origin) => productJsonLd(listing, origin)}
      >
        {T.detailsPage.title(listing.model)}
      </PageTitle>
      <nav aria-label={T.detailsPage.breadcrumb} className="breadcrumbs text-sm">
        <ul>
          <li>
            <Link to={paths.listings.getHref("all")}>{T.common.allBikes}</Link>
          </li>
          <li>
            <Link to={paths.listings.getHref(listing.category.slug)}>
              {places.category(listing.category.slug)}
            </Link>
          </li>
          <li aria-current="page" className="min-w-0 truncate">
            {listing.model}
          </li>
        </ul>
      </nav>
      <ListingDetails
        listing={listing}
        priceHint={query.data.priceHint}
        myOrderStatus={query.data.myOrder?.status}
        actions={actions?.(query.data)}
      />
    </div>
  );
}
