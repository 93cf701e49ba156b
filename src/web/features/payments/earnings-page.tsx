import { Wallet } from "lucide-react";
import { Link } from "react-router";
import { formatDateTime } from "#shared/format.ts";
import { MONEY_MSG } from "#shared/money-messages.ts";
import type { EarningsBalance, EarningsEntry } from "#shared/schemas/earnings.ts";
import { EmptyState } from "#web/components/empty-state.tsx";
import { ListFrame } from "#web/components/list-frame.tsx";
import { PageTitle } from "#web/components/page-title.tsx";
import { Price } from "#web/components/price.tsx";
import { Spinner } from "#web/components/spinner.tsx";
import { paths } from "#web/config/paths.ts";
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
  const parts: [string, number][] = [
    [MONEY_MSG.earnings.available, balance.available],
    [MONEY_MSG.earnings.held, balance.held],
    [MONEY_MSG.earnings.paidOut, balance.paidOut],
    [MONEY_MSG.earnings.fees, balance.fees],
  ];
  return (
    <dl aria-label="Balance" className="grid grid-cols-2 gap-3 lg:grid-cols-4">
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
  return (
    <li className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1 border-b border-base-300 py-3 last:border-b-0">
      <div className="flex min-w-0 flex-col">
        <span className="font-medium">{MONEY_MSG.earnings.kind[entry.kind]}</span>
        <span className="text-sm text-base-content/70">
          <time dateTime={entry.at}>{formatDateTime(entry.at)}</time>
          {entry.order ? (
            <>
              {" · "}
              <Link to={paths.dashboard.myBuyers.getHref()} className="link link-hover">
                {entry.order.model}
              </Link>
            </>
          ) : null}
          {entry.reference ? ` · ${MONEY_MSG.moneyLog.reference(entry.reference)}` : null}
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
  if (!payout.data || payout.data.details || balance.held + balance.available === 0) return null;
  return (
    <div role="status" className="alert alert-warning flex flex-wrap justify-between gap-3">
      <span>{MONEY_MSG.payout.notSet}</span>
      <Link to={`${paths.dashboard.profile.getHref()}#payout`} className="btn btn-sm">
        {MONEY_MSG.payout.add}
      </Link>
    </div>
  );
}

/** `/dashboard/earnings`: where the seller's money is, and every movement of it, newest first. */
export default function EarningsPage() {
  const query = useEarnings();
  const balance = query.data?.pages[0]?.balance;
  return (
    <section className="flex flex-col gap-6">
      <PageTitle>Earnings — MotoHaat</PageTitle>
      <h1 className="text-2xl font-bold">Earnings</h1>
      {balance ? <PayoutMissing balance={balance} /> : null}
      {balance ? <Balance balance={balance} /> : null}
      <ListFrame
        query={query}
        loading={<Spinner label="Loading your earnings" />}
        empty={
          <EmptyState title={MONEY_MSG.earnings.emptyTitle} icon={<Wallet className="size-10" />}>
            {MONEY_MSG.earnings.emptyHint}
          </EmptyState>
        }
      >
        {(entries) => (
          <section
            aria-labelledby="statement-heading"
            className="rounded-box border border-base-300 bg-base-100 p-4"
          >
            <h2 id="statement-heading" className="text-lg font-semibold">
              Statement
            </h2>
            <ul aria-label="Movements of your money">
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
