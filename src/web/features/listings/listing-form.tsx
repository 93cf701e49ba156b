import { zodResolver } from "@hookform/resolvers/zod";
import { type ComponentProps, type ReactNode, useId } from "react";
import { Controller, type DefaultValues, type UseFormRegisterReturn, useForm } from "react-hook-form";
import { z } from "zod";
import { DISTRICTS } from "#shared/districts.ts";
import { formatFileSize } from "#shared/file-size.ts";
import { MSG } from "#shared/messages.ts";
import { MAX_IMAGE_BYTES } from "#shared/schemas/images.ts";
import {
  type ListingCreateFields,
  ListingCreateFieldsSchema,
  MAX_AREA,
  MAX_DESCRIPTION,
  MAX_PHOTOS,
  MIN_YEAR,
  maxYear,
} from "#shared/schemas/listings.ts";
import { type FieldControlProps, FormField } from "#web/components/form-field.tsx";
import { PendingButton } from "#web/components/pending-button.tsx";
import { ApiError } from "#web/lib/api-client.ts";
import { useCategories } from "#web/lib/categories-query.ts";
import { focusFirstInvalid, isPhotoRejection, showFieldErrors } from "#web/lib/form-errors.ts";
import { useFormat, useTexts } from "#web/lib/i18n.tsx";
import { photoListSchema } from "#web/lib/photo-file.ts";
import { usePlaceNames } from "#web/lib/place-names.ts";
import { toast } from "#web/lib/toast.ts";
import { LISTING_FORMS_TEXT } from "#web/texts/listing-forms.ts";
import { LISTING_PAGES_TEXT } from "#web/texts/listings.ts";
import type { UploadProgress } from "./api/send-with-progress.ts";
import { type PhotoItem, PhotoManager } from "./photo-manager.tsx";
import { plainNumber } from "./plain-number.ts";
import { type UploadPhoto, usePhotoUploads } from "./use-photo-uploads.ts";

/**
 * A yes/no question's radios ("true"/"false", null while neither is chosen). The shared schema's
 * yes/no is a union, and zodResolver reports a union's first branch ("expected boolean") instead of
 * its message: the same rule and message, without the union.
 */
const yesNoRadios = (message: string) =>
  z.enum(["true", "false"], { error: message }).transform((value) => value === "true");

/** The Add Product and Edit forms: the server's own rules (same schema, same messages) and the photos. */
export const ListingFormSchema = ListingCreateFieldsSchema.extend({
  hasRegistration: yesNoRadios(MSG.listing.hasRegistrationRequired),
  nameTransfer: yesNoRadios(MSG.listing.yesNoInvalid),
  negotiable: yesNoRadios(MSG.listing.yesNoInvalid),
  photos: photoListSchema<PhotoItem>(
    MSG.listing.photoRequired,
    MAX_PHOTOS,
    MSG.listing.tooManyPhotos(MAX_PHOTOS),
  ),
});
export type ListingFormInput = z.input<typeof ListingFormSchema>;
type ListingFormOutput = z.output<typeof ListingFormSchema>;

/**
 * Every input in the order the form lays them out, so the first the server names gets focus (a
 * Record: a field added to the schema does not compile until it has its place here).
 */
const layout: Record<keyof ListingFormInput, true> = {
  model: true,
  brand: true,
  category: true,
  engineCc: true,
  year: true,
  kmRun: true,
  totalUsed: true,
  description: true,
  brandNewPrice: true,
  askingPrice: true,
  negotiable: true,
  district: true,
  area: true,
  hasRegistration: true,
  taxTokenUntil: true,
  insuranceUntil: true,
  nameTransfer: true,
  photos: true,
};
const inLayoutOrder = Object.keys(layout) as (keyof ListingFormInput)[];
/** The inputs the server's field errors may name (its `photo`/`photoIds` are the photos). */
const serverFields: Record<string, keyof ListingFormInput> = {
  ...Object.fromEntries(inLayoutOrder.map((name) => [name, name])),
  photo: "photos",
  photoIds: "photos",
};

/** An empty Add Product form: Commuter, negotiable, no name transfer promised, papers unanswered. */
export const emptyListingForm: DefaultValues<ListingFormInput> = {
  model: "",
  engineCc: "",
  category: "commuter",
  brand: "",
  brandNewPrice: "",
  askingPrice: "",
  totalUsed: "",
  year: "",
  kmRun: "",
  district: "",
  area: "",
  description: "",
  taxTokenUntil: "",
  insuranceUntil: "",
  nameTransfer: "false",
  negotiable: "true",
  photos: [],
};

/** What the form hands over: the photos as files (Add) or as the server's ids in order (Edit). */
export type SubmittedPhotos = { files: File[]; ids: string[] };

type ListingFormProps = {
  defaultValues: DefaultValues<ListingFormInput>;
  submitLabel: string;
  /**
   * Edit: each new photo goes up on its own (`POST /api/listings/photos`) with its own progress bar
   * and a Retry when it fails; `onSubmit` then gets every photo's id. Without it (Add) the files go
   * with the form in one request, and each file's bar follows its share of that request's bytes.
   */
  uploadPhoto?: UploadPhoto;
  /** Sends the form. An ApiError it throws is shown under the fields it names and in a toast. */
  onSubmit: (
    fields: ListingCreateFields,
    photos: SubmittedPhotos,
    onProgress: UploadProgress,
  ) => Promise<void>;
  /** After a successful submit: empty the form, ready for the next bike (Add Product). */
  resetOnSuccess?: boolean;
  /** Beside the submit button, e.g. Cancel. */
  secondaryAction?: ReactNode;
};

function TakaInput({ control, ...props }: { control: FieldControlProps } & ComponentProps<"input">) {
  const T = useTexts(LISTING_FORMS_TEXT).listingForms.form;
  return (
    // The border belongs to the wrapper, so it carries the error colour the inner input cannot show.
    <div className={`input w-full ${control["aria-invalid"] ? "input-error" : ""}`}>
      <span className="text-base-content/70" aria-hidden="true">
        {T.takaSign}
      </span>
      <input {...control} {...props} type="number" inputMode="numeric" min={1} step={1} />
    </div>
  );
}

type YesNoProps = {
  /** The ids of the two radios are `${id}-yes` and `${id}-no`; the group's message is `${id}-error`. */
  id: string;
  legend: string;
  registration: UseFormRegisterReturn;
  error: string | undefined;
};

/** A yes/no question as two radios in a fieldset, its message tied to the group. */
function YesNo({ id, legend, registration, error }: YesNoProps) {
  const T = useTexts(LISTING_FORMS_TEXT).listingForms.form;
  const errorId = `${id}-error`;
  return (
    <fieldset className="fieldset gap-1 p-0" aria-describedby={error ? errorId : undefined}>
      <legend className="fieldset-legend p-0 text-sm font-medium">{legend}</legend>
      <div className="flex gap-6">
        {(["true", "false"] as const).map((value) => (
          <label key={value} className="label cursor-pointer gap-2 text-base text-base-content">
            <input
              {...registration}
              id={`${id}-${value === "true" ? "yes" : "no"}`}
              type="radio"
              value={value}
              className={`radio radio-sm ${error ? "radio-error" : ""}`}
            />
            {value === "true" ? T.yes : T.no}
          </label>
        ))}
      </div>
      {error ? (
        <p id={errorId} role="alert" className="text-sm font-medium text-error">
          {error}
        </p>
      ) : null}
    </fieldset>
  );
}

/** A part of the form under its own heading, the fields in two columns from small screens up. */
function Section({ title, children }: { title: string; children: ReactNode }) {
  const headingId = useId();
  return (
    <section
      aria-labelledby={headingId}
      className="grid grid-cols-1 gap-4 border-t border-base-300 pt-5 first:border-t-0 first:pt-0 sm:grid-cols-2"
    >
      <h2 id={headingId} className="text-lg font-semibold sm:col-span-2">
        {title}
      </h2>
      {children}
    </section>
  );
}

const wide = "sm:col-span-2";

/** The bike's fields and photos, for Add Product and for Edit. */
export function ListingForm({
  defaultValues,
  submitLabel,
  uploadPhoto,
  onSubmit,
  resetOnSuccess = false,
  secondaryAction,
}: ListingFormProps) {
  const T = { ...useTexts(LISTING_PAGES_TEXT).listingPages, ...useTexts(LISTING_FORMS_TEXT).listingForms };
  const F = T.form;
  const msg = useTexts(MSG);
  const format = useFormat();
  const categories = useCategories();
  const places = usePlaceNames();
  const {
    register,
    control,
    handleSubmit,
    setError,
    setFocus,
    reset,
    getValues,
    watch,
    formState: { errors, isSubmitting },
  } = useForm<ListingFormInput, unknown, ListingFormOutput>({
    resolver: zodResolver(ListingFormSchema),
    defaultValues,
    // The yes/no radios register before the fields inside FormField: focus follows the layout instead.
    shouldFocusError: false,
  });
  const descriptionLength = String(watch("description") ?? "").length;

  const uploads = usePhotoUploads(uploadPhoto);

  const submit = handleSubmit(
    async ({ photos, ...fields }) => {
      let ids: string[] = [];
      if (uploadPhoto) {
        const uploaded = await uploads.uploadAll(photos);
        if (!uploaded) {
          toast.error(uploads.firstError(photos) ?? msg.generic.somethingWrong);
          return;
        }
        ids = uploaded;
      }
      // Add: the files go with the fields, each bar following its part of that one request.
      const onProgress: UploadProgress = uploadPhoto ? () => {} : uploads.trackRequest(photos);
      try {
        await onSubmit(fields, { files: photos.flatMap((p) => (p.file ? [p.file] : [])), ids }, onProgress);
      } catch (err) {
        if (!uploadPhoto) uploads.reset();
        if (!(err instanceof ApiError)) throw err;
        // A photo the image pipeline refused (413, 415) names no field: its words go under the photos.
        showFieldErrors(err, setError, serverFields, isPhotoRejection(err) ? { fallback: "photos" } : {});
        toast.error(err.message);
        return;
      }
      if (resetOnSuccess) {
        uploads.reset();
        // Keeping the inputs' refs lets focus move to the first field at once, ready for the next bike.
        reset(undefined, { keepFieldsRef: true });
        setFocus("model");
      }
    },
    focusFirstInvalid(inLayoutOrder, setFocus),
  );

  const retry = (key: string) => {
    const item = getValues("photos")?.find((p) => p.key === key);
    if (item) uploads.retry(item);
  };

  return (
    <form noValidate onSubmit={submit} className="card border border-base-300 bg-base-100 shadow-sm">
      <div className="card-body gap-6">
        <Section title={F.bike}>
          <div className={wide}>
            <FormField id="listing-model" label={F.model} error={errors.model?.message}>
              {(c) => (
                <input
                  {...c}
                  {...register("model")}
                  type="text"
                  autoComplete="off"
                  placeholder={F.modelPlaceholder}
                  className="input w-full"
                />
              )}
            </FormField>
          </div>
          <FormField id="listing-brand" label={F.brand} error={errors.brand?.message}>
            {(c) => (
              <input
                {...c}
                {...register("brand")}
                type="text"
                placeholder={F.brandPlaceholder}
                className="input w-full"
              />
            )}
          </FormField>
          <FormField
            id="listing-category"
            label={F.category}
            error={errors.category?.message ?? (categories.isError ? categories.error.message : undefined)}
          >
            {(c) =>
              categories.isSuccess ? (
                <select {...c} {...register("category")} className="select w-full">
                  <option value="" disabled>
                    {msg.listing.categoryInvalid}
                  </option>
                  {categories.data.categories.map((category) => (
                    <option key={category.slug} value={category.slug}>
                      {places.category(category.slug)}
                    </option>
                  ))}
                </select>
              ) : (
                // Registered only once its options are in, so the default (or the bike's own) is the one shown.
                <div className="flex gap-2">
                  <select {...c} disabled className="select w-full">
                    <option>{categories.isError ? F.categoriesFailed : F.categoriesLoading}</option>
                  </select>
                  {categories.isError ? (
                    <button type="button" className="btn" onClick={() => void categories.refetch()}>
                      {T.common.tryAgain}
                    </button>
                  ) : null}
                </div>
              )
            }
          </FormField>
          <FormField id="listing-engine" label={F.engine} error={errors.engineCc?.message}>
            {(c) => (
              <input
                {...c}
                {...register("engineCc")}
                type="number"
                inputMode="numeric"
                min={1}
                step={1}
                placeholder={F.enginePlaceholder}
                className="input w-full"
              />
            )}
          </FormField>
          <FormField id="listing-year" label={F.year} error={errors.year?.message} hint={F.yearHint}>
            {(c) => (
              <input
                {...c}
                {...register("year")}
                type="number"
                inputMode="numeric"
                min={MIN_YEAR}
                max={maxYear()}
                step={1}
                placeholder={F.yearPlaceholder}
                className="input w-full"
              />
            )}
          </FormField>
          <FormField id="listing-km" label={F.kmRun} error={errors.kmRun?.message} hint={F.kmRunHint}>
            {(c) => (
              <input
                {...c}
                {...register("kmRun")}
                type="number"
                inputMode="numeric"
                min={0}
                step={1}
                placeholder={F.kmRunPlaceholder}
                className="input w-full"
              />
            )}
          </FormField>
          <FormField
            id="listing-used"
            label={F.totalUsed}
            error={errors.totalUsed?.message}
            hint={F.totalUsedHint}
          >
            {(c) => <input {...c} {...register("totalUsed")} type="text" className="input w-full" />}
          </FormField>
          <div className={wide}>
            <FormField id="listing-description" label={F.description} error={errors.description?.message}>
              {(c) => (
                <>
                  <textarea
                    {...c}
                    aria-describedby={[c["aria-describedby"], "listing-description-counter"]
                      .filter(Boolean)
                      .join(" ")}
                    {...register("description")}
                    rows={5}
                    maxLength={MAX_DESCRIPTION}
                    placeholder={F.descriptionPlaceholder}
                    className="textarea w-full"
                  />
                  <p
                    id="listing-description-counter"
                    className={`text-right text-xs ${
                      descriptionLength >= MAX_DESCRIPTION ? "text-error" : "text-base-content/70"
                    }`}
                  >
                    {F.characters(format.number(descriptionLength), format.number(MAX_DESCRIPTION))}
                  </p>
                </>
              )}
            </FormField>
          </div>
        </Section>

        <Section title={F.price}>
          <FormField id="listing-new-price" label={F.brandNewPrice} error={errors.brandNewPrice?.message}>
            {(c) => <TakaInput control={c} {...register("brandNewPrice")} placeholder="235000" />}
          </FormField>
          <FormField id="listing-asking-price" label={F.askingPrice} error={errors.askingPrice?.message}>
            {(c) => <TakaInput control={c} {...register("askingPrice")} placeholder="150000" />}
          </FormField>
          <div className={wide}>
            <YesNo
              id="listing-negotiable"
              legend={F.negotiable}
              registration={register("negotiable")}
              error={errors.negotiable?.message}
            />
          </div>
        </Section>

        <Section title={F.where}>
          <FormField id="listing-district" label={F.district} error={errors.district?.message}>
            {(c) => (
              <select {...c} {...register("district")} className="select w-full">
                <option value="" disabled>
                  {F.chooseDistrict}
                </option>
                {DISTRICTS.map((d) => (
                  <option key={d.slug} value={d.slug}>
                    {places.district(d.slug)}
                  </option>
                ))}
              </select>
            )}
          </FormField>
          <FormField id="listing-area" label={F.area} error={errors.area?.message} hint={F.areaHint}>
            {(c) => (
              <input
                {...c}
                {...register("area")}
                type="text"
                maxLength={MAX_AREA}
                autoComplete="off"
                className="input w-full"
              />
            )}
          </FormField>
        </Section>

        <Section title={F.papers}>
          <div className={wide}>
            <YesNo
              id="listing-registration"
              legend={F.registration}
              registration={register("hasRegistration")}
              error={errors.hasRegistration?.message}
            />
          </div>
          <FormField id="listing-tax-token" label={F.taxToken} error={errors.taxTokenUntil?.message}>
            {(c) => (
              <input
                {...c}
                {...register("taxTokenUntil")}
                type="month"
                placeholder="2027-06"
                className="input w-full"
              />
            )}
          </FormField>
          <FormField id="listing-insurance" label={F.insurance} error={errors.insuranceUntil?.message}>
            {(c) => (
              <input
                {...c}
                {...register("insuranceUntil")}
                type="month"
                placeholder="2027-06"
                className="input w-full"
              />
            )}
          </FormField>
          <div className={wide}>
            <YesNo
              id="listing-name-transfer"
              legend={F.nameTransfer}
              registration={register("nameTransfer")}
              error={errors.nameTransfer?.message}
            />
          </div>
        </Section>

        <Section title={F.photos}>
          <div className={wide}>
            <FormField
              id="listing-photo"
              label={F.bikePhotos}
              error={errors.photos?.message}
              hint={F.photosHint(MAX_PHOTOS, plainNumber(formatFileSize(MAX_IMAGE_BYTES), format.locale))}
            >
              {(c) => (
                <Controller
                  control={control}
                  name="photos"
                  render={({ field }) => (
                    <PhotoManager
                      control={c}
                      name={field.name}
                      inputRef={field.ref}
                      photos={field.value ?? []}
                      onChange={(photos) => {
                        field.onChange(photos);
                        // A removed photo's upload stops and its status goes.
                        uploads.keepOnly(photos);
                      }}
                      statuses={uploads.statuses}
                      busy={isSubmitting}
                      onRetry={uploadPhoto ? retry : undefined}
                    />
                  )}
                />
              )}
            </FormField>
          </div>
        </Section>

        <div className="flex flex-wrap gap-2">
          <PendingButton type="submit" className="btn btn-primary w-full sm:w-auto" pending={isSubmitting}>
            {submitLabel}
          </PendingButton>
          {secondaryAction}
        </div>
      </div>
    </form>
  );
}
