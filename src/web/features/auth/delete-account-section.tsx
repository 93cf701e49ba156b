import { zodResolver } from "@hookform/resolvers/zod";
import { useEffect, useRef } from "react";
import { useForm } from "react-hook-form";
import { useLocation, useNavigate } from "react-router";
import { z } from "zod";
import { MSG } from "#shared/messages.ts";
import { DELETE_ACCOUNT_WORD } from "#shared/schemas/account.ts";
import type { User } from "#shared/schemas/auth.ts";
import { FormError, FormField } from "#web/components/form-field.tsx";
import { PendingButton } from "#web/components/pending-button.tsx";
import { paths } from "#web/config/paths.ts";
import { ApiError } from "#web/lib/api-client.ts";
import { showFieldErrors } from "#web/lib/form-errors.ts";
import { useTexts } from "#web/lib/i18n.tsx";
import { toast } from "#web/lib/toast.ts";
import { PasswordField } from "./account-fields.tsx";
import { useDeleteAccount } from "./account-security-api.ts";

/** The same rules as the server's: the password for an account that has one, else the typed word. */
const deleteFormSchema = (hasPassword: boolean) =>
  z
    .object({ password: z.string().max(200).optional(), confirm: z.string().max(20).optional() })
    .superRefine((v, ctx) => {
      if (hasPassword && !v.password) {
        ctx.addIssue({ code: "custom", path: ["password"], message: MSG.account.deletePasswordRequired });
      }
      if (!hasPassword && v.confirm !== DELETE_ACCOUNT_WORD) {
        ctx.addIssue({ code: "custom", path: ["confirm"], message: MSG.account.deleteWordRequired });
      }
    });
type DeleteForm = z.infer<ReturnType<typeof deleteFormSchema>>;
const fields = ["password", "confirm"] as const;
/** The section's heading, and the hash paths.deleteAccount links to. */
const HEADING_ID = "delete-account";

/**
 * Profile's last section: delete the account, confirmed with the password (or, for a Google-only
 * account, the word DELETE). Says first what goes and what stays; afterwards the person is signed out
 * on the home page.
 */
export function DeleteAccountSection({ user }: { user: Pick<User, "email" | "hasPassword"> }) {
  const msg = useTexts(MSG);
  const navigate = useNavigate();
  const { hash } = useLocation();
  const remove = useDeleteAccount();
  const sectionRef = useRef<HTMLElement>(null);
  // The privacy policy links here (#delete-account): the page loads after the router looked for it.
  useEffect(() => {
    if (hash === `#${HEADING_ID}`) sectionRef.current?.scrollIntoView();
  }, [hash]);
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm<DeleteForm>({
    resolver: zodResolver(deleteFormSchema(user.hasPassword)),
    defaultValues: user.hasPassword ? { password: "" } : { confirm: "" },
  });

  const onSubmit = handleSubmit(async (body) => {
    try {
      await remove.mutateAsync(body);
    } catch (err) {
      if (!(err instanceof ApiError)) throw err;
      if (!showFieldErrors(err, setError, fields)) setError("root", { type: "server", message: err.message });
      return;
    }
    toast.success(msg.account.deleted);
    // Leave first: forgetting the user on a guarded page would send them to sign in.
    await navigate(paths.home.getHref(), { flushSync: true });
    remove.forget();
  });

  return (
    <section
      ref={sectionRef}
      aria-labelledby={HEADING_ID}
      className="card scroll-mt-20 border border-error/40 bg-base-100 shadow-sm"
    >
      <div className="card-body gap-4">
        <h2 id={HEADING_ID} className="card-title text-lg">
          {msg.account.deleteTitle}
        </h2>
        <p className="text-sm">{msg.account.deleteIntro}</p>
        <form noValidate onSubmit={onSubmit} className="flex flex-col gap-4">
          {user.hasPassword ? (
            <>
              <input type="text" name="username" autoComplete="username" value={user.email} readOnly hidden />
              <PasswordField
                id="delete-account-password"
                label={msg.account.deletePasswordLabel}
                error={errors.password?.message}
                registration={register("password")}
                narrow
              />
            </>
          ) : (
            <FormField
              id="delete-account-confirm"
              label={msg.account.deleteWordLabel}
              hint={msg.account.deleteWordHint}
              error={errors.confirm?.message}
            >
              {(control) => (
                <input
                  {...control}
                  {...register("confirm")}
                  type="text"
                  autoComplete="off"
                  autoCapitalize="characters"
                  spellCheck={false}
                  className="input w-full max-w-xs"
                />
              )}
            </FormField>
          )}
          <FormError message={errors.root?.message} />
          <PendingButton type="submit" className="btn btn-error self-start" pending={remove.isPending}>
            {msg.account.deleteButton}
          </PendingButton>
        </form>
      </div>
    </section>
  );
}
