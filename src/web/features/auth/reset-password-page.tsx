import { zodResolver } from "@hookform/resolvers/zod";
import { TriangleAlert } from "lucide-react";
import { useState } from "react";
import { useForm } from "react-hook-form";
import { Link, useNavigate, useSearchParams } from "react-router";
import { z } from "zod";
import { MSG } from "#shared/messages.ts";
import { NewPasswordSchema } from "#shared/schemas/auth.ts";
import { PageTitle } from "#web/components/page-title.tsx";
import { PendingButton } from "#web/components/pending-button.tsx";
import { paths } from "#web/config/paths.ts";
import { ApiError } from "#web/lib/api-client.ts";
import { showFieldErrors } from "#web/lib/form-errors.ts";
import { useTexts } from "#web/lib/i18n.tsx";
import { toast } from "#web/lib/toast.ts";
import { ACCOUNT_PAGES_TEXT } from "#web/texts/account.ts";
import { NewPasswordField, PasswordField } from "./account-fields.tsx";
import { useConfirmPasswordReset } from "./password-reset-api.ts";

// Typed twice because nobody sees it: a typo here would lock the user out again.
const ResetFormSchema = z
  .object({
    password: NewPasswordSchema,
    confirm: z.string().min(1, { error: MSG.passwordReset.confirmRequired }),
  })
  .refine((v) => v.password === v.confirm, { path: ["confirm"], error: MSG.passwordReset.mismatch });
type ResetForm = z.input<typeof ResetFormSchema>;

function BrokenLink({ message }: { message: string }) {
  const T = useTexts(ACCOUNT_PAGES_TEXT).accountPages.reset;
  return (
    <div role="alert" className="alert alert-error alert-soft items-start">
      <TriangleAlert className="size-5 shrink-0" aria-hidden="true" />
      <div className="flex flex-col gap-2">
        <p>{message}</p>
        <Link to={paths.forgotPassword.getHref()} className="link font-semibold">
          {T.askAgain}
        </Link>
      </div>
    </div>
  );
}

export default function ResetPasswordPage() {
  const T = useTexts(ACCOUNT_PAGES_TEXT).accountPages.reset;
  const msg = useTexts(MSG);
  const [searchParams] = useSearchParams();
  const token = searchParams.get("token") ?? "";
  const navigate = useNavigate();
  const confirm = useConfirmPasswordReset();
  // The server's word on the token (in the page's language), else ours when the link has none.
  const [serverProblem, setServerProblem] = useState<string | null>(null);
  const linkProblem = serverProblem ?? (token ? null : msg.passwordReset.linkMissing);
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm<ResetForm, unknown, z.output<typeof ResetFormSchema>>({
    resolver: zodResolver(ResetFormSchema),
    defaultValues: { password: "", confirm: "" },
  });

  const onSubmit = handleSubmit(async ({ password }) => {
    try {
      const res = await confirm.mutateAsync({ token, password });
      if ("mfaRequired" in res) {
        toast.success(msg.mfa.codeAfterReset);
        await navigate(paths.signinCode.getHref(), { replace: true });
        return;
      }
    } catch (err) {
      if (!(err instanceof ApiError)) throw err;
      const tokenProblem = err.fieldErrors.token;
      if (tokenProblem) setServerProblem(tokenProblem);
      else if (!showFieldErrors(err, setError, ["password"])) toast.error(err.message);
      return;
    }
    toast.success(msg.passwordReset.done);
    await navigate(paths.home.getHref(), { replace: true });
  });

  return (
    <div className="mx-auto w-full max-w-xl px-4 py-8 sm:px-6 lg:py-12">
      <PageTitle>{T.title}</PageTitle>
      <section className="card border border-base-300 bg-base-100 shadow-sm">
        <div className="card-body gap-6">
          <div>
            <h1 className="text-2xl font-bold">{T.heading}</h1>
            <p className="text-base-content/70">{T.intro}</p>
          </div>
          {linkProblem ? (
            <BrokenLink message={linkProblem} />
          ) : (
            <form noValidate onSubmit={onSubmit} className="flex flex-col gap-4">
              <NewPasswordField
                id="reset-password"
                label={T.newPassword}
                error={errors.password?.message}
                registration={register("password")}
              />
              <PasswordField
                id="reset-confirm"
                label={T.confirm}
                error={errors.confirm?.message}
                registration={register("confirm")}
                autoComplete="new-password"
              />
              <PendingButton type="submit" className="btn btn-primary mt-2" pending={confirm.isPending}>
                {T.submit}
              </PendingButton>
            </form>
          )}
        </div>
      </section>
    </div>
  );
}
