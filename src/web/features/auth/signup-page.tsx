import { zodResolver } from "@hookform/resolvers/zod";
import { useForm } from "react-hook-form";
import { Link, useNavigate, useSearchParams } from "react-router";
import type { z } from "zod";
import { MSG } from "#shared/messages.ts";
import { safeRedirectPath } from "#shared/safe-redirect.ts";
import { SignupFieldsSchema } from "#shared/schemas/auth.ts";
import { FormField } from "#web/components/form-field.tsx";
import { PageTitle } from "#web/components/page-title.tsx";
import { PendingButton } from "#web/components/pending-button.tsx";
import { PhotoInput } from "#web/components/photo-input.tsx";
import { paths } from "#web/config/paths.ts";
import { ApiError } from "#web/lib/api-client.ts";
import { focusFirstInvalid, showFieldErrors } from "#web/lib/form-errors.ts";
import { useTexts } from "#web/lib/i18n.tsx";
import { photoFileSchema } from "#web/lib/photo-file.ts";
import { toast } from "#web/lib/toast.ts";
import { ACCOUNT_PAGES_TEXT } from "#web/texts/account.ts";
import { EmailField, NameField, NewPasswordField } from "./account-fields.tsx";
import { useSignup } from "./api.ts";
import { ContinueWithGoogle } from "./continue-with-google.tsx";
import { SignedInNotice } from "./signed-in-notice.tsx";

// The server applies the same text rules; the photo is checked here only for presence and size,
// the server decides whether it really is an image.
const SignupFormSchema = SignupFieldsSchema.extend({
  photo: photoFileSchema(MSG.signup.photoRequired),
});
type SignupFormInput = z.input<typeof SignupFormSchema>;
type SignupFormOutput = z.output<typeof SignupFormSchema>;
/** In the form's order: the first with a message gets focus. */
const fields = ["name", "email", "role", "photo", "password"] as const;

export default function SignupPage() {
  const T = useTexts(ACCOUNT_PAGES_TEXT).accountPages.signup;
  const msg = useTexts(MSG);
  const navigate = useNavigate();
  // Kept from sign-in's link: a visitor who pressed Book now returns to the bike (its `?book=1`
  // opens the booking form for a buyer). Only a path on this site is followed, as on sign-in.
  const [searchParams] = useSearchParams();
  const from = searchParams.get("from");
  const signup = useSignup();
  const {
    register,
    handleSubmit,
    setError,
    setFocus,
    watch,
    formState: { errors },
  } = useForm<SignupFormInput, unknown, SignupFormOutput>({
    resolver: zodResolver(SignupFormSchema),
    defaultValues: { name: "", email: "", role: "buyer", password: "" },
    // The password registers before the photo (a prop, not inside FormField): focus follows `fields`.
    shouldFocusError: false,
  });
  const chosen = watch("photo")?.[0];

  const onSubmit = handleSubmit(
    async ({ photo, ...values }) => {
      const body = new FormData();
      body.set("name", values.name);
      body.set("email", values.email);
      body.set("role", values.role);
      body.set("password", values.password);
      body.set("photo", photo[0]!);
      try {
        await signup.mutateAsync(body);
      } catch (err) {
        if (!(err instanceof ApiError)) throw err;
        showFieldErrors(err, setError, fields);
        toast.error(err.message);
        return;
      }
      toast.success(msg.signup.success);
      await navigate(safeRedirectPath(from, paths.home.getHref()), { replace: true });
    },
    focusFirstInvalid(fields, setFocus),
  );

  return (
    <div className="mx-auto w-full max-w-xl px-4 py-8 sm:px-6 lg:py-12">
      <PageTitle>{T.title}</PageTitle>
      <section className="card border border-base-300 bg-base-100 shadow-sm">
        <div className="card-body gap-6">
          <div>
            <h1 className="text-2xl font-bold">{T.heading}</h1>
            <p className="text-base-content/70">{T.intro}</p>
          </div>
          <SignedInNotice />
          <form noValidate onSubmit={onSubmit} className="flex flex-col gap-4">
            <NameField
              id="signup-name"
              label={T.name}
              error={errors.name?.message}
              registration={register("name")}
            />
            <EmailField
              id="signup-email"
              label={T.email}
              error={errors.email?.message}
              registration={register("email")}
              autoComplete="email"
            />
            <FormField id="signup-role" label={T.role} error={errors.role?.message}>
              {(control) => (
                <select {...control} {...register("role")} className="select w-full">
                  <option value="buyer">{T.buyer}</option>
                  <option value="seller">{T.seller}</option>
                </select>
              )}
            </FormField>
            <FormField id="signup-photo" label={T.photo} error={errors.photo?.message}>
              {(control) => (
                <PhotoInput
                  control={control}
                  {...register("photo")}
                  file={chosen}
                  previewAlt=""
                  previewClassName="size-12 rounded-full"
                />
              )}
            </FormField>
            <NewPasswordField
              id="signup-password"
              label={T.password}
              error={errors.password?.message}
              registration={register("password")}
            />
            <p className="text-sm text-base-content/80">
              {/* In a new tab: reading them must not lose what is typed here, or the chosen photo. */}
              {msg.legal.agreeBefore}
              <Link to={paths.terms.getHref()} target="_blank" className="link link-primary">
                {msg.legal.terms}
                <span className="sr-only">{msg.legal.newTab}</span>
              </Link>
              {msg.legal.agreeAnd}
              <Link to={paths.privacy.getHref()} target="_blank" className="link link-primary">
                {msg.legal.privacy}
                <span className="sr-only">{msg.legal.newTab}</span>
              </Link>
              {msg.legal.agreeAfter}
            </p>
            <PendingButton type="submit" className="btn btn-primary" pending={signup.isPending}>
              {T.submit}
            </PendingButton>
          </form>
          <ContinueWithGoogle from={from} hint={msg.google.newAccountsAreBuyers} />
          <p className="text-center text-sm">
            {/* Not "Sign in": the top bar's link has that name, and tests find links by name. */}
            {T.alreadyHere}{" "}
            <Link to={paths.signin.getHref(from ?? undefined)} className="link link-primary font-medium">
              {T.haveAccount}
            </Link>
          </p>
        </div>
      </section>
    </div>
  );
}
