import { zodResolver } from "@hookform/resolvers/zod";
import { useEffect, useRef, useState } from "react";
import { useForm } from "react-hook-form";
import { Link, useNavigate, useSearchParams } from "react-router";
import type { z } from "zod";
import { safeRedirectPath } from "#shared/safe-redirect.ts";
import { type DemoAccount, SigninSchema } from "#shared/schemas/auth.ts";
import { PageTitle } from "#web/components/page-title.tsx";
import { PendingButton } from "#web/components/pending-button.tsx";
import { paths } from "#web/config/paths.ts";
import { ApiError } from "#web/lib/api-client.ts";
import { showFieldErrors } from "#web/lib/form-errors.ts";
import { useTexts } from "#web/lib/i18n.tsx";
import { toast } from "#web/lib/toast.ts";
import { ACCOUNT_PAGES_TEXT } from "#web/texts/account.ts";
import { EmailField, PasswordField } from "./account-fields.tsx";
import { useSignin } from "./api.ts";
import { ContinueWithGoogle, GoogleSigninErrorAlert } from "./continue-with-google.tsx";
import { DemoAccountsPanel } from "./demo-accounts-panel.tsx";
import { ForgotPassword } from "./forgot-password.tsx";
import { SignedInNotice } from "./signed-in-notice.tsx";
import { SigninCodeStep } from "./signin-code-step.tsx";

type SigninForm = z.input<typeof SigninSchema>;
const fields = ["email", "password"] as const;

export default function SigninPage() {
  const T = useTexts(ACCOUNT_PAGES_TEXT).accountPages.signin;
  const [searchParams] = useSearchParams();
  const navigate = useNavigate();
  const signin = useSignin();
  // `?mfa=1`: Google (or a password reset) already did the first step.
  const [codeStep, setCodeStep] = useState(searchParams.has("mfa"));
  const goBack = () => navigate(safeRedirectPath(searchParams.get("from")), { replace: true });
  const {
    register,
    handleSubmit,
    setError,
    setValue,
    getValues,
    setFocus,
    formState: { errors, isSubmitted },
  } = useForm<SigninForm, unknown, z.output<typeof SigninSchema>>({
    resolver: zodResolver(SigninSchema),
    defaultValues: { email: "", password: "" },
  });

  // Back from the code step ("Start again", or its five minutes ran out): focus the form again.
  const wasCodeStep = useRef(codeStep);
  useEffect(() => {
    if (wasCodeStep.current && !codeStep) setFocus("email");
    wasCodeStep.current = codeStep;
  }, [codeStep, setFocus]);

  const onSubmit = handleSubmit(async (values) => {
    try {
      const res = await signin.mutateAsync(values);
      if ("mfaRequired" in res) {
        setCodeStep(true);
        return;
      }
    } catch (err) {
      if (!(err instanceof ApiError)) throw err;
      // Wrong credentials come back as a password-field error: it belongs under the password.
      if (!showFieldErrors(err, setError, fields)) toast.error(err.message);
      return;
    }
    await goBack();
  });

  const fillDemoAccount = (account: DemoAccount) => {
    setValue("email", account.email, { shouldValidate: isSubmitted });
    setValue("password", account.password, { shouldValidate: isSubmitted });
  };

  return (
    <div className="mx-auto grid w-full max-w-5xl grid-cols-1 gap-8 px-4 py-8 sm:px-6 lg:grid-cols-2 lg:items-start lg:py-12">
      <PageTitle>{T.title}</PageTitle>
      <section className="card border border-base-300 bg-base-100 shadow-sm">
        <div className="card-body gap-6">
          <div>
            <h1 className="text-2xl font-bold">{T.heading}</h1>
            <p className="text-base-content/70">{T.intro}</p>
          </div>
          <SignedInNotice />
          <GoogleSigninErrorAlert />
          {codeStep ? (
            <SigninCodeStep onDone={() => void goBack()} onRestart={() => setCodeStep(false)} />
          ) : (
            <form noValidate onSubmit={onSubmit} className="flex flex-col gap-4">
              <EmailField
                id="signin-email"
                label={T.email}
                error={errors.email?.message}
                registration={register("email")}
                autoComplete="username"
              />
              <PasswordField
                id="signin-password"
                label={T.password}
                error={errors.password?.message}
                strongError={errors.password?.type === "server"}
                registration={register("password")}
              />
              <PendingButton type="submit" className="btn btn-primary mt-2" pending={signin.isPending}>
                {T.submit}
              </PendingButton>
            </form>
          )}
          {/* Outside the form: its dialog holds a form of its own. `?forgot` comes from paths.forgotPassword. */}
          <ForgotPassword currentEmail={() => getValues("email")} defaultOpen={searchParams.has("forgot")} />
          <ContinueWithGoogle from={searchParams.get("from")} />
          <p className="text-center text-sm">
            {/* Not "Sign up": the top bar's link has that name, and tests find links by name. It keeps
                `from`: a new visitor who pressed Book now comes back to the bike after signing up. */}
            {T.newHere}{" "}
            <Link
              to={paths.signup.getHref(searchParams.get("from"))}
              className="link link-primary font-medium"
            >
              {T.createAccount}
            </Link>
          </p>
        </div>
      </section>
      <DemoAccountsPanel onUse={fillDemoAccount} />
    </div>
  );
}
