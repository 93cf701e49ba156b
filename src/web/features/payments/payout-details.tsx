import { type FormEvent, useEffect, useState } from "react";
import { useLocation } from "react-router";
import { formatPhone } from "#shared/format.ts";
import { MONEY_MSG } from "#shared/money-messages.ts";
import {
  PAYOUT_METHODS,
  type PayoutDetailsReq,
  type PayoutDetailsResponse,
  PayoutDetailsSchema,
  type PayoutMethod,
} from "#shared/schemas/payouts.ts";
import { FormError, FormField } from "#web/components/form-field.tsx";
import { LoadError } from "#web/components/load-error.tsx";
import { PendingButton } from "#web/components/pending-button.tsx";
import { ApiError, errorMessage } from "#web/lib/api-client.ts";
import { useSay, useTexts } from "#web/lib/i18n.tsx";
import { toast } from "#web/lib/toast.ts";
import { DEAL_PAGES_TEXT } from "#web/texts/deals.ts";
import { usePayoutDetails, useSetPayoutDetails } from "./api/payout-details.ts";

type Fields = {
  method: PayoutMethod | "";
  walletNumber: string;
  accountName: string;
  bankName: string;
  branch: string;
  accountNumber: string;
};
type FieldName = Exclude<keyof Fields, "method"> | "method";

const EMPTY: Fields = {
  method: "",
  walletNumber: "",
  accountName: "",
  bankName: "",
  branch: "",
  accountNumber: "",
};

function fieldsOf(details: PayoutDetailsResponse["details"]): Fields {
  if (!details) return EMPTY;
  return {
    method: details.method,
    walletNumber: details.walletNumber ? formatPhone(details.walletNumber) : "",
    accountName: details.accountName ?? "",
    bankName: details.bankName ?? "",
    branch: details.branch ?? "",
    accountNumber: details.accountNumber ?? "",
  };
}

/** The request for the chosen method: only its own fields, so the other method's are not checked. */
function requestOf(f: Fields): PayoutDetailsReq {
  if (f.method === "bank")
    return {
      method: "bank",
      accountName: f.accountName,
      bankName: f.bankName,
      branch: f.branch,
      accountNumber: f.accountNumber,
    };
  return { method: f.method, walletNumber: f.walletNumber } as PayoutDetailsReq;
}

function PayoutForm({ saved }: { saved: PayoutDetailsResponse["details"] }) {
  const [fields, setFields] = useState<Fields>(() => fieldsOf(saved));
  const [errors, setErrors] = useState<Partial<Record<FieldName, string>>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const save = useSetPayoutDetails();
  const T = useTexts(DEAL_PAGES_TEXT).dealPages.payout;
  const words = useTexts(MONEY_MSG).payout;
  // The schema's message (made in English, shared with the server) in the page's language.
  const say = useSay();
  const set = (name: keyof Fields) => (e: { target: { value: string } }) =>
    setFields((f) => ({ ...f, [name]: e.target.value }));

  const onSubmit = async (e: FormEvent) => {
    e.preventDefault();
    setFormError(null);
    const parsed = PayoutDetailsSchema.safeParse(requestOf(fields));
    if (!parsed.success) {
      const found: Partial<Record<FieldName, string>> = {};
      for (const issue of parsed.error.issues) {
        const name = (issue.path[0] ?? "method") as FieldName;
        found[name] ??= issue.message;
      }
      setErrors(found);
      return;
    }
    setErrors({});
    try {
      const answer = await save.mutateAsync(requestOf(fields));
      setFields(fieldsOf(answer.details));
    } catch (err) {
      if (err instanceof ApiError && Object.keys(err.fieldErrors).length > 0) {
        setErrors(err.fieldErrors as Partial<Record<FieldName, string>>);
        return;
      }
      setFormError(errorMessage(err));
      return;
    }
    toast.success(words.saved);
  };

  const text = (
    name: Exclude<FieldName, "method">,
    label: string,
    autoComplete: string,
    inputMode?: "tel" | "numeric",
  ) => (
    <FormField id={`payout-${name}`} label={label} error={errors[name]}>
      {(control) => (
        <input
          {...control}
          type="text"
          inputMode={inputMode}
          autoComplete={autoComplete}
          className="input w-full"
          value={fields[name]}
          onChange={set(name)}
        />
      )}
    </FormField>
  );

  return (
    <form noValidate onSubmit={(e) => void onSubmit(e)} className="flex flex-col gap-4">
      <fieldset
        className="flex flex-col gap-2"
        aria-describedby={errors.method ? "payout-method-error" : undefined}
      >
        <legend className="mb-1 text-sm font-medium">{words.method}</legend>
        <div className="flex flex-wrap gap-x-6 gap-y-2">
          {(Object.keys(PAYOUT_METHODS) as PayoutMethod[]).map((method) => (
            <label key={method} className="flex cursor-pointer items-center gap-2">
              <input
                type="radio"
                name="payout-method"
                className="radio radio-primary radio-sm"
                value={method}
                checked={fields.method === method}
                onChange={set("method")}
              />
              {T.methods[method]}
            </label>
          ))}
        </div>
        {errors.method ? (
          <p id="payout-method-error" role="alert" className="text-sm font-medium text-error">
            {say(errors.method)}
          </p>
        ) : null}
      </fieldset>
      {fields.method === "bkash" || fields.method === "nagad"
        ? text("walletNumber", words.wallet(T.methods[fields.method]), "tel", "tel")
        : null}
      {fields.method === "bank" ? (
        <>
          {text("accountName", words.accountName, "name")}
          {text("bankName", words.bankName, "off")}
          {text("branch", words.branch, "off")}
          {text("accountNumber", words.accountNumber, "off", "numeric")}
        </>
      ) : null}
      <FormError message={formError} />
      <PendingButton type="submit" className="btn btn-primary self-start" pending={save.isPending}>
        {words.save}
      </PendingButton>
    </form>
  );
}

/** The profile page's "Where to be paid" (sellers): a bKash or Nagad number, or a bank account. */
export function PayoutDetailsSection() {
  const query = usePayoutDetails();
  const T = useTexts(DEAL_PAGES_TEXT).dealPages.payout;
  const words = useTexts(MONEY_MSG).payout;
  const { hash } = useLocation();
  const loaded = !query.isPending;
  // Earnings and the payment notice link here (`#payout`); the router looked for it before the page
  // below had loaded, so it is brought into view once it has.
  useEffect(() => {
    if (hash === "#payout" && loaded) document.getElementById("payout")?.scrollIntoView({ block: "start" });
  }, [hash, loaded]);
  return (
    <section
      id="payout"
      aria-labelledby="payout-title"
      className="card border border-base-300 bg-base-100 shadow-sm"
    >
      <div className="card-body gap-4">
        <h2 id="payout-title" className="card-title">
          {words.title}
        </h2>
        <p className="text-sm text-base-content/70">{words.intro}</p>
        {query.isPending ? (
          <span className="loading loading-dots loading-sm" role="status" aria-label={T.loading} />
        ) : query.isError ? (
          <LoadError error={query.error} onRetry={query.refetch} />
        ) : (
          <>
            {query.data.details ? null : <p className="text-sm font-medium">{words.notSet}</p>}
            <PayoutForm saved={query.data.details} />
          </>
        )}
      </div>
    </section>
  );
}
