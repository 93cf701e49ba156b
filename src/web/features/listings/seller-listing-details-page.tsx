import { ArrowLeft, SearchX } from "lucide-react";
import { Link, useNavigate, useParams } from "react-router";
import { EmptyState } from "#web/components/empty-state.tsx";
import { LoadError } from "#web/components/load-error.tsx";
import { PageTitle } from "#web/components/page-title.tsx";
import { Spinner } from "#web/components/spinner.tsx";
import { paths } from "#web/config/paths.ts";
import { ApiError } from "#web/lib/api-client.ts";
import { useTexts } from "#web/lib/i18n.tsx";
import { useSession } from "#web/lib/session.ts";
import { LISTING_FORMS_TEXT } from "#web/texts/listing-forms.ts";
import { LISTING_PAGES_TEXT } from "#web/texts/listings.ts";
import { useListing } from "./api/get-listing.ts";
import { ListingDetails } from "./listing-details.tsx";
import { AdvertiseButton, DeleteListingButton, EditListingLink } from "./my-listing-card.tsx";

/** One of the seller's own bikes in full, with the ways to edit, advertise (or stop) and delete it. */
export default function SellerListingDetailsPage() {
  const T = { ...useTexts(LISTING_PAGES_TEXT).listingPages, ...useTexts(LISTING_FORMS_TEXT).listingForms };
  const { id = "" } = useParams();
  const navigate = useNavigate();
  const { user } = useSession();
  const query = useListing(id);
  const listing = query.data?.listing;
  // Anyone's bike can be read through the public API, but this page is the seller's own desk: a
  // bike of another seller is as absent here as one that does not exist.
  const notFound =
    (query.isError && query.error instanceof ApiError && query.error.status === 404) ||
    (listing !== undefined && listing.seller.id !== user?.id);

  return (
    <section className="flex flex-col gap-6">
      <PageTitle>{listing && !notFound ? T.mine.title(listing.model) : T.mine.detailsTitle}</PageTitle>
      <Link to={paths.dashboard.myListings.getHref()} className="btn btn-ghost btn-sm self-start">
        <ArrowLeft className="size-4" aria-hidden="true" />
        {T.mine.backToList}
      </Link>
      {query.isPending ? (
        <Spinner label={T.common.loadingBike} />
      ) : notFound ? (
        <EmptyState title={T.mine.notMine} icon={<SearchX className="size-10" />}>
          {T.mine.notMineHint}
        </EmptyState>
      ) : query.isError ? (
        <LoadError error={query.error} onRetry={query.refetch} />
      ) : (
        <ListingDetails
          listing={query.data.listing}
          priceHint={query.data.priceHint}
          actions={
            <div className="flex flex-wrap gap-2">
              <EditListingLink listing={query.data.listing} size="md" />
              <AdvertiseButton listing={query.data.listing} size="md" />
              <DeleteListingButton
                listing={query.data.listing}
                size="md"
                onDeleted={() => void navigate(paths.dashboard.myListings.getHref(), { replace: true })}
              />
            </div>
          }
        />
      )}
    </section>
  );
}
