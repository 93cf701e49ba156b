import { zodResolver } from "@hookform/resolvers/zod";
import type { ComponentProps } from "react";
import { type DefaultValues, useForm } from "react-hook-form";
import { toast } from "react-toastify";
import type { z } from "zod";
import { MSG } from "#shared/messages.ts";
import { ListingCreateFieldsSchema } from "#shared/schemas/listings.ts";
import { type FieldControlProps, FormField } from "#web/components/form-field.tsx";
import { PendingButton } from "#web/components/pending-button.tsx";
import { PhotoInput } from "#web/components/photo-input.tsx";
import { ApiError } from "#web/lib/api-client.ts";
import { useCategories } from "#web/lib/categories-query.ts";
import { isPhotoRejection, showFieldErrors } from "#web/lib/form-errors.ts";
import { photoFileSchema } from "#web/lib/photo-file.ts";
import { useCreateListing } from "./api/create-listing.ts";

const AddListingFormSchema = ListingCreateFieldsSchema.extend({
  photo: photoFileSchema(MSG.listing.photoRequired),
});
type AddListingFormInput = z.input<typeof AddListingFormSchema>;
type AddListingFormOutput = z.output<typeof AddListingFormSchema>;
const inputs = Object.keys(AddListingFormSchema.shape) as (keyof AddListingFormInput)[];

const defaultValues: DefaultValues<AddListingFormInput> = {
  model: "",
  engineCc: "",
  category: "commuter",
  brand: "",
  brandNewPrice: "",
  askingPrice: "",
  totalUsed: "",
};

function TakaInput({ control, ...props }: { control: FieldControlProps } & ComponentProps<"input">) {
  return (
    // The border belongs to the wrapper, so it carries the error colour the inner input cannot show.
    <div className={`input w-full ${control["aria-invalid"] ? "input-error" : ""}`}>
      <span className="text-base-content/70" aria-hidden="true">
        ৳
      </span>
      <input {...control} {...props} type="number" inputMode="numeric" min={1} step={1} />
    </div>
  );
}

export default function AddListingPage() {
  const createListing = useCreateListing();
  const categories = useCategories();
  const {
    register,
    handleSubmit,
    setError,
    setFocus,
    reset,
    watch,
    formState: { errors },
  } = useForm<AddListingFormInput, unknown, AddListingFormOutput>({
    resolver: zodResolver(AddListingFormSchema),
    defaultValues,
  });
  const chosenPhoto = watch("photo");

  const onSubmit = handleSubmit(async ({ photo, ...fields }) => {
    const body = new FormData();
    for (const [name, value] of Object.entries(fields)) body.set(name, String(value));
    body.set("photo", photo[0]!);
    try {
      await createListing.mutateAsync(body);
    } catch (err) {
      if (!(err instanceof ApiError)) throw err;
      showFieldErrors(err, setError, inputs);
      if (isPhotoRejection(err)) setError("photo", { type: "server", message: err.message });
      toast.error(err.message);
      return;
    }
    toast.success(MSG.listing.posted);
    // Keeping the inputs' refs lets focus move to the first field at once, ready for the next bike.
    reset(undefined, { keepFieldsRef: true });
    setFocus("model");
  });

  return (
    <section className="mx-auto flex w-full max-w-3xl flex-col gap-6">
      <title>Add Product — MotoHaat</title>
      <div>
        <h1 className="text-2xl font-bold">Add Product</h1>
        <p className="text-base-content/70">Every field is needed: buyers compare bikes on all of them.</p>
      </div>
      <form noValidate onSubmit={onSubmit} className="card border border-base-300 bg-base-100 shadow-sm">
        <div className="card-body grid grid-cols-1 gap-4 sm:grid-cols-2">
          <div className="sm:col-span-2">
            <FormField id="listing-model" label="Bike model" error={errors.model?.message}>
              {(control) => (
                <input
                  {...control}
                  {...register("model")}
                  type="text"
                  autoComplete="off"
                  placeholder="e.g. Yamaha FZS V3"
                  className="input w-full"
                />
              )}
            </FormField>
          </div>
          <FormField id="listing-engine" label="Engine (CC)" error={errors.engineCc?.message}>
            {(control) => (
              <input
                {...control}
                {...register("engineCc")}
                type="number"
                inputMode="numeric"
                min={1}
                step={1}
                placeholder="e.g. 150"
                className="input w-full"
              />
            )}
          </FormField>
          <FormField
            id="listing-category"
            label="Category"
            error={errors.category?.message ?? (categories.isError ? categories.error.message : undefined)}
          >
            {(control) =>
              categories.isSuccess ? (
                <select {...control} {...register("category")} className="select w-full">
                  <option value="" disabled>
                    {MSG.listing.categoryInvalid}
                  </option>
                  {categories.data.categories.map((c) => (
                    <option key={c.slug} value={c.slug}>
                      {c.label}
                    </option>
                  ))}
                </select>
              ) : (
                // Registered only once its options are in, so the default (commuter) is the one shown.
                <div className="flex gap-2">
                  <select {...control} disabled className="select w-full">
                    <option>{categories.isError ? "Categories not loaded" : "Loading categories…"}</option>
                  </select>
                  {categories.isError ? (
                    <button type="button" className="btn" onClick={() => void categories.refetch()}>
                      Try again
                    </button>
                  ) : null}
                </div>
              )
            }
          </FormField>
          <div className="sm:col-span-2">
            <FormField id="listing-brand" label="Brand name" error={errors.brand?.message}>
              {(control) => (
                <input
                  {...control}
                  {...register("brand")}
                  type="text"
                  placeholder="e.g. Yamaha"
                  className="input w-full"
                />
              )}
            </FormField>
          </div>
          <FormField id="listing-new-price" label="Brand new price" error={errors.brandNewPrice?.message}>
            {(control) => <TakaInput control={control} {...register("brandNewPrice")} placeholder="235000" />}
          </FormField>
          <FormField id="listing-asking-price" label="Asking price" error={errors.askingPrice?.message}>
            {(control) => <TakaInput control={control} {...register("askingPrice")} placeholder="150000" />}
          </FormField>
          <div className="sm:col-span-2">
            <FormField
              id="listing-used"
              label="Total used"
              error={errors.totalUsed?.message}
              hint="How long it has been ridden, e.g. 2 years"
            >
              {(control) => (
                <input {...control} {...register("totalUsed")} type="text" className="input w-full" />
              )}
            </FormField>
          </div>
          <div className="sm:col-span-2">
            <FormField id="listing-photo" label="Bike photo" error={errors.photo?.message}>
              {(control) => (
                <PhotoInput
                  control={control}
                  {...register("photo")}
                  file={chosenPhoto?.[0]}
                  previewAlt="The bike as chosen, before posting"
                  previewClassName="aspect-[4/3] w-40 rounded-box"
                />
              )}
            </FormField>
          </div>
          <div className="sm:col-span-2">
            <PendingButton
              type="submit"
              className="btn btn-primary w-full sm:w-auto"
              pending={createListing.isPending}
            >
              Add Product
            </PendingButton>
          </div>
        </div>
      </form>
    </section>
  );
}
