import { toast } from "react-toastify";
import { MSG } from "#shared/messages.ts";
import { PageTitle } from "#web/components/page-title.tsx";
import { useCreateListing } from "./api/create-listing.ts";
import { emptyListingForm, ListingForm } from "./listing-form.tsx";

/** `/dashboard/addproduct`: a seller posts a bike with 1 to 8 photos. */
export default function AddListingPage() {
  const createListing = useCreateListing();
  return (
    <section className="mx-auto flex w-full max-w-3xl flex-col gap-6">
      <PageTitle>Add Product — MotoHaat</PageTitle>
      <div>
        <h1 className="text-2xl font-bold">Add Product</h1>
        <p className="text-base-content/70">
          Buyers compare bikes on all of these: every field is needed unless it says optional.
        </p>
      </div>
      <ListingForm
        defaultValues={emptyListingForm}
        submitLabel="Add Product"
        resetOnSuccess
        onSubmit={async (fields, { files }, onProgress) => {
          const body = new FormData();
          // The fields first, then the photos in order: each photo's progress bar counts on that order.
          for (const [name, value] of Object.entries(fields)) {
            if (value !== undefined) body.set(name, String(value));
          }
          for (const file of files) body.append("photo", file);
          await createListing.mutateAsync({ body, onProgress });
          toast.success(MSG.listing.posted);
        }}
      />
    </section>
  );
}
