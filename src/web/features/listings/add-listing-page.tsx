import { useNavigate } from "react-router";
import { PageTitle } from "#web/components/page-title.tsx";
import { paths } from "#web/config/paths.ts";
import { useTexts } from "#web/lib/i18n.tsx";
import { toast } from "#web/lib/toast.ts";
import { LISTING_FORMS_TEXT } from "#web/texts/listing-forms.ts";
import { useCreateListing } from "./api/create-listing.ts";
import { emptyListingForm, ListingForm } from "./listing-form.tsx";
import { PostedToast } from "./posted-toast.tsx";

/** `/dashboard/addproduct`: a seller posts a bike with 1 to 8 photos. */
export default function AddListingPage() {
  const T = useTexts(LISTING_FORMS_TEXT).listingForms.addPage;
  const createListing = useCreateListing();
  const navigate = useNavigate();
  return (
    <section className="mx-auto flex w-full max-w-3xl flex-col gap-6">
      <PageTitle>{T.title}</PageTitle>
      <div>
        <h1 className="text-2xl font-bold">{T.heading}</h1>
        <p className="text-base-content/70">{T.intro}</p>
      </div>
      <ListingForm
        defaultValues={emptyListingForm}
        submitLabel={T.submit}
        resetOnSuccess
        onSubmit={async (fields, { files }, onProgress) => {
          const body = new FormData();
          // The fields first, then the photos in order: each photo's progress bar counts on that order.
          for (const [name, value] of Object.entries(fields)) {
            if (value !== undefined) body.set(name, String(value));
          }
          for (const file of files) body.append("photo", file);
          const { listing } = await createListing.mutateAsync({ body, onProgress });
          // The bike's page as buyers see it; the form stays, empty, ready for the next bike.
          const href = paths.listingDetails.getHref(listing.id);
          toast.success(({ toastProps }) => (
            <PostedToast toastId={toastProps.toastId} href={href} open={(to) => void navigate(to)} />
          ));
        }}
      />
    </section>
  );
}
