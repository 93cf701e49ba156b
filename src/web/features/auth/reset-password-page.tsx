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
import { toast } from "#web/lib/toast.ts";
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
  return (
    <div role="alert" className="alert alert-error alert-soft items-start">
      <TriangleAlert className="size-5 shrink-0" aria-hidden="true" />
      <div className="flex flex-col gap-2">
        <p>{message}</p>
        <Link to={paths.forgotPassword.getHref()} className="link font-semibold">
          Ask for a new reset link
        </Link>
      </div>
    </div>
  );
}

export default function ResetPasswordPage() {
  const [searchParams] = useSearchParams();
  const token = searchParams.get("token") ?? "";
  const navigate = useNavigate();
  const confirm = useConfirmPasswordReset();
  const [linkProblem, setLinkProblem] = useState<string | null>(token ? null : MSG.passwordReset.linkMissing);
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
        toast.success(MSG.mfa.codeAfterReset);
        await navigate(paths.signinCode.getHref(), { replace: true });
        return;
      }
    } catch (err) {
      if (!(err instanceof ApiError)) throw err;
      const tokenProblem = err.fieldErrors.token;
      if (tokenProblem) setLinkProblem(tokenProblem);
      else if (!showFieldErrors(err, setError, ["password"])) toast.error(err.message);
      return;
    }
    toast.success(MSG.passwordReset.done);
    await navigate(paths.home.getHref(), { replace: true });
  });

  return (
    <div className="mx-auto w-full max-w-xl px-4 py-8 sm:px-6 lg:py-12">
      <PageTitle>Set a new password — MotoHaat</PageTitle>
      <section className="card border border-base-300 bg-base-100 shadow-sm">
        <div className="card-body gap-6">
          <div>
            <h1 className="text-2xl font-bold">Set a new password</h1>
            <p className="text-base-content/70">
              Choose a new password for your account. You will be signed in, and signed out everywhere else.
            </p>
          </div>
          {linkProblem ? (
            <BrokenLink message={linkProblem} />
          ) : (
            <form noValidate onSubmit={onSubmit} className="flex flex-col gap-4">
              <NewPasswordField
                id="reset-password"
                label="New password"
                error={errors.password?.message}
                registration={register("password")}
              />
              <PasswordField
                id="reset-confirm"
                label="Confirm new password"
                error={errors.confirm?.message}
                registration={register("confirm")}
                autoComplete="new-password"
              />
              <PendingButton type="submit" className="btn btn-primary mt-2" pending={confirm.isPending}>
                Set new password
              </PendingButton>
            </form>
          )}
        </div>
      </section>
    </div>
  );
}
