import { zodResolver } from "@hookform/resolvers/zod";
import { useForm } from "react-hook-form";
import { Link } from "react-router";
import { MSG } from "#shared/messages.ts";
import { type ChangePasswordReq, ChangePasswordSchema } from "#shared/schemas/account.ts";
import type { User } from "#shared/schemas/auth.ts";
import { FormError } from "#web/components/form-field.tsx";
import { PendingButton } from "#web/components/pending-button.tsx";
import { paths } from "#web/config/paths.ts";
import { ApiError } from "#web/lib/api-client.ts";
import { showFieldErrors } from "#web/lib/form-errors.ts";
import { useTexts } from "#web/lib/i18n.tsx";
import { toast } from "#web/lib/toast.ts";
import { ACCOUNT_PAGES_TEXT } from "#web/texts/account.ts";
import { NewPasswordField, PasswordField } from "./account-fields.tsx";
import { useChangePassword } from "./account-security-api.ts";

const fields = ["currentPassword", "newPassword"] as const;

/**
 * Change password, current one asked. The common-password list is checked by the server only
 * (it is too large for the page), so its answer lands under the new password like any field error.
 * A Google-only account has no current password to give: it is told how to set a first one instead.
 */
export function ChangePasswordForm({ user }: { user: Pick<User, "email" | "hasPassword"> }) {
  const T = useTexts(ACCOUNT_PAGES_TEXT).accountPages.password;
  const msg = useTexts(MSG);
  const change = useChangePassword();
  const {
    register,
    handleSubmit,
    setError,
    reset,
    formState: { errors },
  } = useForm<ChangePasswordReq>({
    resolver: zodResolver(ChangePasswordSchema),
    defaultValues: { currentPassword: "", newPassword: "" },
  });

  const onSubmit = handleSubmit(async (body) => {
    try {
      await change.mutateAsync(body);
    } catch (err) {
      if (!(err instanceof ApiError)) throw err;
      if (!showFieldErrors(err, setError, fields)) setError("root", { type: "server", message: err.message });
      return;
    }
    toast.success(msg.account.passwordChanged);
    reset();
  });

  return (
    <section
      aria-labelledby="change-password-heading"
      className="card border border-base-300 bg-base-100 shadow-sm"
    >
      <div className="card-body gap-4">
        <h2 id="change-password-heading" className="card-title text-lg">
          {user.hasPassword ? T.changeHeading : T.heading}
        </h2>
        {user.hasPassword ? (
          <form noValidate onSubmit={onSubmit} className="flex flex-col gap-4">
            {/* For password managers: which account this new password belongs to. */}
            <input type="text" name="username" autoComplete="username" value={user.email} readOnly hidden />
            <PasswordField
              id="current-password"
              label={T.current}
              error={errors.currentPassword?.message}
              registration={register("currentPassword")}
            />
            <NewPasswordField
              id="change-new-password"
              label={T.newPassword}
              error={errors.newPassword?.message}
              registration={register("newPassword")}
            />
            <p className="text-sm text-base-content/70">{T.othersSignedOut}</p>
            <FormError message={errors.root?.message} />
            <PendingButton type="submit" className="btn btn-primary self-start" pending={change.isPending}>
              {T.submit}
            </PendingButton>
          </form>
        ) : (
          <p className="text-sm">
            {T.noPasswordBefore}{" "}
            <Link to={paths.forgotPassword.getHref()} className="link link-primary font-medium">
              {T.noPasswordLink}
            </Link>{" "}
            {T.noPasswordAfter}
          </p>
        )}
      </div>
    </section>
  );
}
