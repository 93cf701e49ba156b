import { Wallet } from "lucide-react";
import { Link } from "react-router";
import { MONEY_MSG } from "#shared/money-messages.ts";
import type { EarningsBalance, EarningsEntry } from "#shared/schemas/earnings.ts";
import { EmptyState } from "#web/components/empty-state.tsx";
import { ListFrame } from "#web/components/list-frame.tsx";
import { PageTitle } from "#web/components/page-title.tsx";
import { Price } from "#web/components/price.tsx";
import { Spinner } from "#web/components/spinner.tsx";
import { paths } from "#web/config/paths.ts";
import { useFormat, useTexts } from "#web/lib/i18n.tsx";
import { DEAL_PAGES_TEXT } from "#web/texts/deals.ts";
import { useEarnings } from "./api/get-earnings.ts";
import { usePayoutDetails } from "./api/payout-details.ts";

/** Money coming to the seller reads as plus, money leaving their balance as minus. */
const SIGN: Record<EarningsEntry["kind"], "+" | "−" | ""> = {
  received: "",
  refunded: "",
  released: "+",
  fee: "−",
  paid_out: "−",
};

function Balance({ balance }: { balance: EarningsBalance }) {
  const T = useTexts(DEAL_PAGES_TEXT).dealPages.earnings;
  const earnings = useTexts(MONEY_MSG).earnings;
  const parts: [string, number][] = [
    [earnings.available, balance.available],
    [earnings.held, balance.held],
    [earnings.paidOut, balance.paidOut],
    [earnings.fees, balance.fees],
  ];
  return (
    <dl aria-label={T.balance} className="grid grid-cols-2 gap-3 lg:grid-cols-4">
      {parts.map(([label, amount], i) => (
        <div key={label} className="flex flex-col gap-1 rounded-box border border-base-300 bg-base-100 p-4">
          <dt className="text-sm text-base-content/70">{label}</dt>
          <dd className={i === 0 ? "text-2xl font-bold text-primary" : "text-xl font-semibold"}>
            <Price amount={amount} />
          </dd>
        </div>
      ))}
    </dl>
  );
}

function EntryRow({ entry }: { entry: EarningsEntry }) {
  const money = useTexts(MONEY_MSG);
  const format = useFormat();
  return (
    <li className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1 border-b border-base-300 py-3 last:border-b-0">
      <div className="flex min-w-0 flex-col">
        <span className="font-medium">{money.earnings.kind[entry.kind]}</span>
        <span className="text-sm text-base-content/70">
          <time dateTime={entry.at}>{format.dateTime(entry.at)}</time>
          {entry.order ? (
            <>
              {" · "}
              <Link to={paths.dashboard.myBuyers.getHref()} className="link link-hover">
                {entry.order.model}
              </Link>
            </>
          ) : null}
          {entry.reference ? ` · ${money.moneyLog.reference(entry.reference)}` : null}
        </span>
      </div>
      <span
        className={`font-semibold tabular-nums ${SIGN[entry.kind] === "−" ? "text-base-content/80" : ""}`}
      >
        {SIGN[entry.kind]}
        <Price amount={entry.amount} />
      </span>
    </li>
  );
}

/** Money is coming to a seller who has not said where to be paid: it waits, so ask (issue 23, item 3). */
function PayoutMissing({ balance }: { balance: EarningsBalance }) {
  const payout = usePayoutDetails();
  const words = useTexts(MONEY_MSG).payout;
  if (!payout.data || payout.data.details || balance.held + balance.available === 0) return null;
  return (
    <div role="status" className="alert alert-warning flex flex-wrap justify-between gap-3">
      <span>{words.notSet}</span>
      <Link to={`${paths.dashboard.profile.getHref()}#payout`} className="btn btn-sm">
        {words.add}
      </Link>
    </div>
  );
}

/** `/dashboard/earnings`: where the seller's money is, and every movement of it, newest first. */
export default function EarningsPage() {
  const T = useTexts(DEAL_PAGES_TEXT).dealPages.earnings;
  const earnings = useTexts(MONEY_MSG).earnings;
  const query = useEarnings();
  const balance = query.data?.pages[0]?.balance;
  return (
    <section className="flex flex-col gap-6">
      <PageTitle>{T.title}</PageTitle>
      <h1 className="text-2xl font-bold">{T.heading}</h1>
      {balance ? <PayoutMissing balance={balance} /> : null}
      {balance ? <Balance balance={balance} /> : null}
      <ListFrame
        query={query}
        loading={<Spinner label={T.loading} />}
        empty={
          <EmptyState title={earnings.emptyTitle} icon={<Wallet className="size-10" />}>
            {earnings.emptyHint}
          </EmptyState>
        }
      >
        {(entries) => (
          <section
            aria-labelledby="statement-heading"
            className="rounded-box border border-base-300 bg-base-100 p-4"
          >
            <h2 id="statement-heading" className="text-lg font-semibold">
              {T.statement}
            </h2>
            <ul aria-label={T.movements}>
              {entries.map((entry) => (
                <EntryRow key={entry.id} entry={entry} />
              ))}
            </ul>
          </section>
        )}
      </ListFrame>
    </section>
  );
}
