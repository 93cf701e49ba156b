import { ArrowLeft, BadgeCheck, SearchX } from "lucide-react";
import type { ReactNode } from "react";
import type { DefaultValues } from "react-hook-form";
import { Link, useNavigate, useParams } from "react-router";
import { MSG } from "#shared/messages.ts";
import type { ListingDetailResponse } from "#shared/schemas/listings.ts";
import { EmptyState } from "#web/components/empty-state.tsx";
import { LoadError } from "#web/components/load-error.tsx";
import { PageTitle } from "#web/components/page-title.tsx";
import { Spinner } from "#web/components/spinner.tsx";
import { paths } from "#web/config/paths.ts";
import { ApiError } from "#web/lib/api-client.ts";
import { useTexts } from "#web/lib/i18n.tsx";
import { useSession } from "#web/lib/session.ts";
import { toast } from "#web/lib/toast.ts";
import { LISTING_FORMS_TEXT } from "#web/texts/listing-forms.ts";
import { LISTING_PAGES_TEXT } from "#web/texts/listings.ts";
import { useListing } from "./api/get-listing.ts";
import { useUpdateListing } from "./api/update-listing.ts";
import { uploadListingPhoto } from "./api/upload-photo.ts";
import { ListingForm, type ListingFormInput } from "./listing-form.tsx";
import { savedPhotoItem } from "./photo-manager.tsx";

const yesNo = (value: boolean) => (value ? "true" : "false");

/** The form filled in with the bike as it is now; its photos in their order, the cover first. */
function formValuesOf({ listing }: ListingDetailResponse): DefaultValues<ListingFormInput> {
  return {
    model: listing.model,
    engineCc: String(listing.engineCc),
    // The API names categories by slug, which is what the select holds.
    category: listing.category.slug as ListingFormInput["category"],
    brand: listing.brand,
    brandNewPrice: String(listing.brandNewPrice),
    askingPrice: String(listing.askingPrice),
    totalUsed: listing.totalUsed,
    year: String(listing.year),
    kmRun: String(listing.kmRun),
    district: listing.district.slug,
    area: listing.area ?? "",
    description: listing.description ?? "",
    hasRegistration: yesNo(listing.hasRegistration),
    taxTokenUntil: listing.taxTokenUntil ?? "",
    insuranceUntil: listing.insuranceUntil ?? "",
    nameTransfer: yesNo(listing.nameTransfer),
    negotiable: yesNo(listing.negotiable),
    photos: listing.photos.map(savedPhotoItem),
  };
}

/**
 * `/dashboard/myproducts/edit/:id`: the seller changes any field and the photos of an unsold bike of
 * theirs. New photos go up one by one (each with its progress and a Retry), then one PATCH sends
 * the fields and the photos' ids in order.
 */
export default function EditListingPage() {
  const T = { ...useTexts(LISTING_PAGES_TEXT).listingPages, ...useTexts(LISTING_FORMS_TEXT).listingForms };
  const msg = useTexts(MSG);
  const { id = "" } = useParams();
  const navigate = useNavigate();
  const { user } = useSession();
  const query = useListing(id);
  const updateListing = useUpdateListing();
  const listing = query.data?.listing;
  const detailsHref = paths.dashboard.myListingDetails.getHref(id);
  // As on the seller's details page: another seller's bike is as absent here as one that does not exist.
  const notFound =
    (query.isError && query.error instanceof ApiError && query.error.status === 404) ||
    (listing !== undefined && listing.seller.id !== user?.id);

  let body: ReactNode;
  if (query.isPending) body = <Spinner label={T.common.loadingBike} />;
  else if (notFound) {
    body = (
      <EmptyState title={T.mine.notMine} icon={<SearchX className="size-10" />}>
        {T.mine.notMineHint}
      </EmptyState>
    );
  } else if (query.isError) body = <LoadError error={query.error} onRetry={query.refetch} />;
  else if (query.data.listing.status === "sold") {
    body = (
      <EmptyState
        title={msg.listing.soldCannotEdit}
        icon={<BadgeCheck className="size-10" />}
        action={
          <Link to={detailsHref} className="btn btn-primary">
            {T.editPage.seeDetails}
          </Link>
        }
      >
        {T.editPage.soldHint}
      </EmptyState>
    );
  } else {
    body = (
      <ListingForm
        // A fresh form per bike; refetches of the same bike (after a save, or a refusal) leave its inputs alone.
        key={query.data.listing.id}
        defaultValues={formValuesOf(query.data)}
        submitLabel={T.editPage.save}
        uploadPhoto={uploadListingPhoto}
        onSubmit={async (fields, { ids }) => {
          await updateListing.mutateAsync({
            id,
            // An optional field left empty is cleared (null); left out, the server would keep the old value.
            body: {
              ...fields,
              area: fields.area ?? null,
              description: fields.description ?? null,
              taxTokenUntil: fields.taxTokenUntil ?? null,
              insuranceUntil: fields.insuranceUntil ?? null,
              photoIds: ids,
            },
          });
          toast.success(msg.listing.updated);
          void navigate(detailsHref);
        }}
        secondaryAction={
          <Link to={detailsHref} className="btn btn-ghost w-full sm:w-auto">
            {T.editPage.cancel}
          </Link>
        }
      />
    );
  }

  return (
    <section className="mx-auto flex w-full max-w-3xl flex-col gap-6">
      <PageTitle>{listing && !notFound ? T.editPage.titleOf(listing.model) : T.editPage.title}</PageTitle>
      <Link to={paths.dashboard.myListings.getHref()} className="btn btn-ghost btn-sm self-start">
        <ArrowLeft className="size-4" aria-hidden="true" />
        {T.mine.backToList}
      </Link>
      <div>
        <h1 className="text-2xl font-bold">{T.editPage.heading}</h1>
        {listing && !notFound ? <p className="text-base-content/70">{listing.model}</p> : null}
      </div>
      {body}
    </section>
  );
}
