import { zodResolver } from "@hookform/resolvers/zod";
import { Banknote, Wallet } from "lucide-react";
import { useId, useState } from "react";
import { useForm } from "react-hook-form";
import type { z } from "zod";
import { formatPhone } from "#shared/format.ts";
import { MONEY_MSG } from "#shared/money-messages.ts";
import { type MoneyAction, type OwedSeller, RecordPayoutSchema } from "#shared/schemas/money.ts";
import type { PayoutAccount } from "#shared/schemas/payouts.ts";
import { EmptyState } from "#web/components/empty-state.tsx";
import { ErrorAlert } from "#web/components/error-alert.tsx";
import { FormField } from "#web/components/form-field.tsx";
import { ListFrame } from "#web/components/list-frame.tsx";
import { LoadError } from "#web/components/load-error.tsx";
import { Modal } from "#web/components/modal.tsx";
import { PageTitle } from "#web/components/page-title.tsx";
import { PendingButton } from "#web/components/pending-button.tsx";
import { Price } from "#web/components/price.tsx";
import { Spinner } from "#web/components/spinner.tsx";
import { ApiError, errorMessage } from "#web/lib/api-client.ts";
import { showFieldErrors } from "#web/lib/form-errors.ts";
import { useFormat, useTexts } from "#web/lib/i18n.tsx";
import { toast } from "#web/lib/toast.ts";
import { DEAL_PAGES_TEXT } from "#web/texts/deals.ts";
import { useMoneyLog, useOwedSellers, useRecordPayout } from "./api/payouts.ts";

/** Where to send a seller's money, in full (admins only see this page). */
function Destination({ details }: { details: PayoutAccount }) {
  const T = useTexts(DEAL_PAGES_TEXT).dealPages.payout;
  if (details.method !== "bank")
    return (
      <p className="text-sm">
        {T.methods[details.method]}{" "}
        <span className="font-mono">{formatPhone(details.walletNumber ?? "")}</span>
      </p>
    );
  return (
    <p className="text-sm">
      {T.bankAccount(details.accountName ?? "", details.bankName ?? "", details.branch ?? "")}{" "}
      <span className="font-mono">{details.accountNumber}</span>
    </p>
  );
}

/** The payout form: what was sent (at most what is owed), the transfer's reference, a note. */
function PayoutDialog({ item, open, onClose }: { item: OwedSeller; open: boolean; onClose: () => void }) {
  const idPrefix = useId();
  const introId = `${idPrefix}-intro`;
  const record = useRecordPayout();
  const T = useTexts(DEAL_PAGES_TEXT).dealPages.payouts;
  const payouts = useTexts(MONEY_MSG).payouts;
  const format = useFormat();
  const [failure, setFailure] = useState<string | null>(null);
  // The server's rules, and what is owed now: the same refusal before anything is sent.
  const schema = RecordPayoutSchema.omit({ sellerId: true }).extend({
    amount: RecordPayoutSchema.shape.amount.max(item.owed, { error: MONEY_MSG.payouts.moreThanOwed }),
  });
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm<z.input<typeof schema>, unknown, z.output<typeof schema>>({
    resolver: zodResolver(schema),
    defaultValues: { amount: item.owed, reference: "", note: "" },
  });
  const submit = handleSubmit(async (values) => {
    setFailure(null);
    try {
      await record.mutateAsync({ sellerId: item.seller.id, ...values });
    } catch (err) {
      if (!(err instanceof ApiError && showFieldErrors(err, setError, ["amount", "reference", "note"])))
        setFailure(errorMessage(err));
      return;
    }
    toast.success(payouts.recorded(format.taka(values.amount), item.seller.name));
    onClose();
  });
  return (
    <Modal open={open} onClose={onClose} title={payouts.recordTitle(item.seller.name)} describedBy={introId}>
      <div id={introId} className="mb-4 flex flex-col gap-2 text-sm">
        <p>{payouts.recordIntro(format.taka(item.owed))}</p>
        {item.details ? <Destination details={item.details} /> : null}
      </div>
      <form noValidate onSubmit={submit} className="flex flex-col gap-4">
        <ErrorAlert message={failure} />
        <FormField id={`${idPrefix}-amount`} label={payouts.amountLabel} error={errors.amount?.message}>
          {(control) => (
            <input
              {...control}
              {...register("amount", { valueAsNumber: true })}
              type="number"
              inputMode="numeric"
              min={1}
              max={item.owed}
              step={1}
              className="input w-full"
              data-autofocus
            />
          )}
        </FormField>
        <FormField
          id={`${idPrefix}-reference`}
          label={payouts.referenceLabel}
          hint={payouts.referenceHint}
          error={errors.reference?.message}
        >
          {(control) => (
            <input
              {...control}
              {...register("reference")}
              maxLength={100}
              autoComplete="off"
              className="input w-full"
            />
          )}
        </FormField>
        <FormField id={`${idPrefix}-note`} label={payouts.noteLabel} error={errors.note?.message}>
          {(control) => (
            <textarea
              {...control}
              {...register("note")}
              rows={2}
              maxLength={1000}
              className="textarea w-full"
            />
          )}
        </FormField>
        <div className="modal-action mt-0">
          <button type="button" className="btn btn-ghost" onClick={onClose}>
            {T.cancel}
          </button>
          <PendingButton type="submit" className="btn btn-primary" pending={record.isPending}>
            {payouts.record}
          </PendingButton>
        </div>
      </form>
    </Modal>
  );
}

/** A seller MotoHaat owes: who, how much, where to send it, and the payout button. */
function OwedCard({ item }: { item: OwedSeller }) {
  const [open, setOpen] = useState(false);
  const payouts = useTexts(MONEY_MSG).payouts;
  const titleId = useId();
  return (
    <article aria-labelledby={titleId} className="card h-full border border-base-300 bg-base-100 shadow-sm">
      <div className="card-body gap-2 p-4">
        <div className="flex flex-wrap items-baseline justify-between gap-2">
          <h3 id={titleId} className="font-semibold break-words">
            {item.seller.name}
          </h3>
          <Price amount={item.owed} className="text-lg font-bold" />
        </div>
        {item.seller.email ? (
          <a
            href={`mailto:${item.seller.email}`}
            className="link link-hover text-sm [overflow-wrap:anywhere]"
          >
            {item.seller.email}
          </a>
        ) : null}
        {item.details ? (
          <Destination details={item.details} />
        ) : (
          <p className="alert alert-warning alert-soft text-sm">{payouts.noDetails}</p>
        )}
        {item.details ? (
          <div className="card-actions mt-auto justify-end">
            <button
              type="button"
              className="btn btn-primary btn-sm"
              aria-label={payouts.recordTitle(item.seller.name)}
              onClick={() => setOpen(true)}
            >
              {payouts.record}
            </button>
          </div>
        ) : null}
      </div>
      {open ? <PayoutDialog item={item} open={open} onClose={() => setOpen(false)} /> : null}
    </article>
  );
}

function OwedSection() {
  const query = useOwedSellers();
  const T = useTexts(DEAL_PAGES_TEXT).dealPages.payouts;
  const payouts = useTexts(MONEY_MSG).payouts;
  const format = useFormat();
  const headingId = useId();
  let body: React.ReactNode;
  if (query.isPending) body = <Spinner label={T.loadingOwed} />;
  else if (query.isError) body = <LoadError error={query.error} onRetry={query.refetch} />;
  else if (query.data.items.length === 0)
    body = (
      <EmptyState title={payouts.emptyTitle} icon={<Wallet className="size-10" />}>
        {payouts.emptyHint}
      </EmptyState>
    );
  else
    body = (
      <>
        <div className="flex flex-wrap items-center justify-between gap-3">
          <p className="font-medium">
            {payouts.totalOwed(format.taka(query.data.total), query.data.items.length)}
          </p>
          <a href="/api/admin/payouts.csv" download className="btn btn-outline btn-sm">
            {payouts.downloadCsv}
          </a>
        </div>
        <ul aria-labelledby={headingId} className="grid grid-cols-1 gap-4 md:grid-cols-2 xl:grid-cols-3">
          {query.data.items.map((item) => (
            <li key={item.seller.id}>
              <OwedCard item={item} />
            </li>
          ))}
        </ul>
      </>
    );
  return (
    <section aria-labelledby={headingId} className="flex flex-col gap-4">
      <h2 id={headingId} className="text-xl font-semibold">
        {payouts.owedTitle}
      </h2>
      {body}
    </section>
  );
}

/** One admin action on money: what, how much, for whom, the reference, why, who and when. */
function LogLine({ action }: { action: MoneyAction }) {
  const log = useTexts(MONEY_MSG).moneyLog;
  const format = useFormat();
  return (
    <li className="flex flex-col gap-1 border-b border-base-300 py-3 last:border-b-0">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <span className="font-medium">
          <span className="badge badge-outline me-2">{log.action[action.action]}</span>
          {action.seller.name}
          {action.order ? ` · ${action.order.model}` : null}
        </span>
        <Price amount={action.amount} className="font-semibold" />
      </div>
      {action.reference ? (
        <p className="text-sm">
          {log.reference(action.reference)}
          {action.paidTo ? ` · ${action.paidTo}` : null}
        </p>
      ) : null}
      {/* Shown as text (never markup): an admin wrote it. */}
      <p className="text-sm break-words">{action.note}</p>
      <p className="text-xs text-base-content/70">
        <time dateTime={action.at}>{format.dateTime(action.at)}</time> {log.by(action.admin.name)}
      </p>
    </li>
  );
}

function MoneyLogSection() {
  const T = useTexts(DEAL_PAGES_TEXT).dealPages.payouts;
  const log = useTexts(MONEY_MSG).moneyLog;
  const headingId = useId();
  return (
    <section aria-labelledby={headingId} className="flex flex-col gap-2">
      <h2 id={headingId} className="text-xl font-semibold">
        {log.title}
      </h2>
      <p className="text-sm text-base-content/70">{log.intro}</p>
      <ListFrame
        query={useMoneyLog()}
        loading={<Spinner label={T.loadingLog} />}
        empty={<EmptyState title={log.empty} icon={<Banknote className="size-10" />} />}
      >
        {(items) => (
          <ol aria-labelledby={headingId} className="card border border-base-300 bg-base-100 px-4">
            {items.map((action) => (
              <LogLine key={action.id} action={action} />
            ))}
          </ol>
        )}
      </ListFrame>
    </section>
  );
}

/** `/dashboard/payouts`: what MotoHaat owes each seller, recording what was sent, and the money log. */
export default function PayoutsPage() {
  const T = useTexts(DEAL_PAGES_TEXT).dealPages.payouts;
  const payouts = useTexts(MONEY_MSG).payouts;
  return (
    <div className="flex flex-col gap-8">
      <PageTitle>{T.title}</PageTitle>
      <h1 className="text-2xl font-bold">{payouts.pageTitle}</h1>
      <OwedSection />
      <MoneyLogSection />
    </div>
  );
}
