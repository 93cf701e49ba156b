import { UserX } from "lucide-react";
import type { ReactNode } from "react";
import { Link, useParams } from "react-router";
import type { Locale } from "#shared/i18n/locales.ts";
import { MSG } from "#shared/messages.ts";
import type { SellerProfile } from "#shared/schemas/people.ts";
import { EmptyState } from "#web/components/empty-state.tsx";
import { LoadError } from "#web/components/load-error.tsx";
import { PageTitle } from "#web/components/page-title.tsx";
import { SellerRatingBadge } from "#web/components/seller-rating.tsx";
import { Spinner } from "#web/components/spinner.tsx";
import { UserAvatar } from "#web/components/user-avatar.tsx";
import { VerifiedTick } from "#web/components/verified-tick.tsx";
import { paths } from "#web/config/paths.ts";
import { ApiError } from "#web/lib/api-client.ts";
import { useFormat, useTexts } from "#web/lib/i18n.tsx";
import { BROWSE_PAGES_TEXT } from "#web/texts/browse.ts";
import { useSeller } from "./api/get-seller.ts";

/**
 * "November 2022" (Bangla: "নভেম্বর ২০২২"): the month someone joined, as the calendar names it (UTC,
 * like every date here).
 */
export function memberSince(iso: string, locale: Locale = "en"): string {
  return new Date(iso).toLocaleDateString(locale === "bn" ? "bn-BD" : "en-GB", {
    month: "long",
    year: "numeric",
    timeZone: "UTC",
  });
}

type SellerPageProps = {
  /** The seller's bikes for sale: the listings feature draws them; the app composes them in. */
  listings: (seller: SellerProfile) => ReactNode;
  /** The seller's ratings with their replies: the reviews feature draws them; the app composes them in. */
  reviews?: (seller: SellerProfile) => ReactNode;
};

/** `/sellers/:id`: who sells, for anyone signed in or not; no email or phone. */
export default function SellerPage({ listings, reviews }: SellerPageProps) {
  const { id = "" } = useParams();
  const query = useSeller(id);
  const T = useTexts(BROWSE_PAGES_TEXT).browsePages.seller;
  const msg = useTexts(MSG);
  const format = useFormat();

  if (query.isPending) return <Spinner label={T.loading} />;

  if (query.isError) {
    if (query.error instanceof ApiError && query.error.status === 404) {
      return (
        <section className="px-4 py-8">
          <PageTitle notFound>{T.notFoundTitle}</PageTitle>
          <EmptyState
            title={msg.listing.sellerNotFound}
            icon={<UserX className="size-10" />}
            action={
              <Link to={paths.listings.getHref("all")} className="btn btn-primary">
                {T.seeAllBikes}
              </Link>
            }
          >
            {T.notFoundHint}
          </EmptyState>
        </section>
      );
    }
    return (
      <div className="px-4 py-8">
        <LoadError error={query.error} onRetry={query.refetch} />
      </div>
    );
  }

  const { seller } = query.data;
  return (
    <div className="flex flex-col gap-8 px-4 py-6 sm:px-6 lg:px-8">
      <PageTitle description={T.description(seller.name)}>{T.title(seller.name)}</PageTitle>
      <header className="flex flex-wrap items-center gap-4 rounded-box border border-base-300 p-4 sm:p-6">
        <UserAvatar user={seller} size="size-20" loading="eager" />
        <div className="flex min-w-0 flex-col gap-1">
          <h1 className="flex min-w-0 items-center gap-2 text-2xl font-bold sm:text-3xl">
            <span className="break-words">{seller.name}</span>
            {seller.verified ? <VerifiedTick className="size-6" /> : null}
          </h1>
          <p className="text-base-content/70">
            {T.memberSince}{" "}
            <time dateTime={seller.memberSince}>{memberSince(seller.memberSince, format.locale)}</time>
          </p>
          <SellerRatingBadge rating={seller.rating} className="text-base" />
          <dl className="mt-1 flex flex-wrap gap-x-6 gap-y-1">
            <div className="flex gap-1">
              <dt className="text-base-content/70">{T.bikesSold}</dt>
              <dd className="font-semibold">{format.number(seller.bikesSold)}</dd>
            </div>
            <div className="flex gap-1">
              <dt className="text-base-content/70">{T.bikesForSale}</dt>
              <dd className="font-semibold">{format.number(seller.bikesForSale)}</dd>
            </div>
          </dl>
        </div>
      </header>
      {listings(seller)}
      {reviews?.(seller)}
    </div>
  );
}
