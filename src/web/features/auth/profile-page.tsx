import { zodResolver } from "@hookform/resolvers/zod";
import type { ReactNode } from "react";
import { useForm } from "react-hook-form";
import { z } from "zod";
import { formatPhone } from "#shared/format.ts";
import { MSG } from "#shared/messages.ts";
import { NameSchema, type User } from "#shared/schemas/auth.ts";
import { SellerPhoneSchema } from "#shared/schemas/orders.ts";
import { TALK_MSG } from "#shared/talk-messages.ts";
import { FormError, FormField } from "#web/components/form-field.tsx";
import { PageTitle } from "#web/components/page-title.tsx";
import { PendingButton } from "#web/components/pending-button.tsx";
import { PhotoInput } from "#web/components/photo-input.tsx";
import { Spinner } from "#web/components/spinner.tsx";
import { UserAvatar } from "#web/components/user-avatar.tsx";
import { ApiError } from "#web/lib/api-client.ts";
import { isPhotoRejection, showFieldErrors } from "#web/lib/form-errors.ts";
import { useTexts } from "#web/lib/i18n.tsx";
import { photoFileSchema } from "#web/lib/photo-file.ts";
import { useSession } from "#web/lib/session.ts";
import { toast } from "#web/lib/toast.ts";
import { ACCOUNT_PAGES_TEXT } from "#web/texts/account.ts";
import { NameField } from "./account-fields.tsx";
import { ChangePasswordForm } from "./change-password-form.tsx";
import { DeleteAccountSection } from "./delete-account-section.tsx";
import { DevicesSection } from "./devices-section.tsx";
import { TwoFactorSection } from "./two-factor-section.tsx";
import { useUpdateProfile } from "./update-profile-api.ts";

// No file chosen is an empty FileList: it means "keep the current photo".
const ProfileFormSchema = z.object({
  name: NameSchema,
  // The phone a seller gives their buyers: the booking form's rule; empty removes it.
  phone: SellerPhoneSchema,
  photo: z.preprocess(
    (v) => (typeof FileList !== "undefined" && v instanceof FileList && v.length === 0 ? undefined : v),
    photoFileSchema(MSG.signup.photoRequired).optional(),
  ),
});
type ProfileForm = z.input<typeof ProfileFormSchema>;
const fields = ["name", "phone", "photo"] as const;
/** A Bangladeshi mobile number's shape, not a word: typed in these digits on a page in any language. */
const PHONE_SHAPE = "01XXXXXXXXX";

/** `children`: sections of other features the app composes in (`app/profile-route.tsx`: Emails). */
export default function ProfilePage({ children }: { children?: ReactNode }) {
  const T = useTexts(ACCOUNT_PAGES_TEXT).accountPages.profile;
  const { user } = useSession();
  return (
    <section className="flex max-w-2xl flex-col gap-6">
      <PageTitle>{T.title}</PageTitle>
      <h1 className="text-2xl font-bold">{T.heading}</h1>
      {/* The guard waits for the session, so this shows only for a moment after signing out elsewhere. */}
      {user ? <ProfileCard user={user} /> : <Spinner label={T.loading} />}
      {user ? <ChangePasswordForm user={user} /> : null}
      {user ? <DevicesSection /> : null}
      {user ? <TwoFactorSection user={user} /> : null}
      {user ? children : null}
      {user ? <DeleteAccountSection user={user} /> : null}
    </section>
  );
}

function ProfileCard({ user }: { user: User }) {
  const texts = useTexts(ACCOUNT_PAGES_TEXT).accountPages;
  const T = texts.profile;
  const msg = useTexts(MSG);
  const talk = useTexts(TALK_MSG);
  const update = useUpdateProfile();
  const {
    register,
    handleSubmit,
    setError,
    resetField,
    watch,
    formState: { errors },
  } = useForm<ProfileForm, unknown, z.output<typeof ProfileFormSchema>>({
    resolver: zodResolver(ProfileFormSchema),
    defaultValues: { name: user.name, phone: user.phone ? formatPhone(user.phone) : "" },
  });
  const chosen = watch("photo");

  const onSubmit = handleSubmit(async ({ name, phone, photo }) => {
    const body = new FormData();
    if (name !== user.name) body.set("name", name);
    // Sent as the server stores it; an empty value removes the phone.
    if (phone !== user.phone) body.set("phone", phone ?? "");
    if (photo) body.set("photo", photo[0]!);
    if (!body.has("name") && !body.has("phone") && !body.has("photo")) {
      setError("root", { type: "client", message: MSG.profile.nothingToChange });
      return;
    }
    try {
      await update.mutateAsync(body);
    } catch (err) {
      if (!(err instanceof ApiError)) throw err;
      // A photo the image pipeline refused (413, 415) names no field: its words go under the photo.
      const shown = showFieldErrors(
        err,
        setError,
        fields,
        isPhotoRejection(err) ? { fallback: "photo" } : {},
      );
      if (!shown) toast.error(err.message);
      return;
    }
    toast.success(msg.profile.saved);
    resetField("photo");
    if (phone !== user.phone) resetField("phone", { defaultValue: phone ? formatPhone(phone) : "" });
  });

  return (
    <div className="card border border-base-300 bg-base-100 shadow-sm">
      <div className="card-body gap-6">
        <div className="flex items-center gap-4">
          <UserAvatar user={user} size="size-16" />
          <div className="min-w-0">
            <p className="truncate text-lg font-semibold">{user.name}</p>
            <p className="text-sm text-base-content/70 capitalize">{texts.roles[user.role]}</p>
          </div>
        </div>
        <form noValidate onSubmit={onSubmit} className="flex flex-col gap-4">
          <NameField
            id="profile-name"
            label={T.name}
            error={errors.name?.message}
            registration={register("name")}
          />
          <FormField
            id="profile-photo"
            label={T.newPhoto}
            error={errors.photo?.message}
            hint={T.newPhotoHint}
          >
            {(control) => (
              <PhotoInput
                control={control}
                {...register("photo")}
                file={chosen instanceof FileList ? chosen[0] : undefined}
                previewAlt=""
                previewClassName="size-12 rounded-full"
              />
            )}
          </FormField>
          {/* A seller's phone for their buyers; anyone who has one sees it here, to change or remove it. */}
          {user.role === "seller" || user.phone ? (
            <FormField
              id="profile-phone"
              label={talk.sellerPhone.label}
              error={errors.phone?.message}
              hint={talk.sellerPhone.hint}
            >
              {(control) => (
                <input
                  {...control}
                  {...register("phone")}
                  type="tel"
                  inputMode="tel"
                  autoComplete="tel"
                  placeholder={PHONE_SHAPE}
                  className="input w-full"
                />
              )}
            </FormField>
          ) : null}
          <FormField id="profile-email" label={T.email} hint={T.emailHint}>
            {(control) => (
              <input
                {...control}
                value={user.email}
                readOnly
                type="email"
                className="input w-full bg-base-200 text-base-content/90"
              />
            )}
          </FormField>
          <FormError message={errors.root?.message} />
          <PendingButton type="submit" className="btn btn-primary mt-2 self-start" pending={update.isPending}>
            {T.save}
          </PendingButton>
        </form>
      </div>
    </div>
  );
}
