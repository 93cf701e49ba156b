import { Banknote } from "lucide-react";
import { type ReactNode, useId, useState } from "react";
import { Link } from "react-router";
import { formatDateTime } from "#shared/format.ts";
import type { CashDisputeItem } from "#shared/schemas/orders.ts";
import { TALK_MSG } from "#shared/talk-messages.ts";
import { ConfirmDialog } from "#web/components/confirm-dialog.tsx";
import { EmptyState } from "#web/components/empty-state.tsx";
import { Facts } from "#web/components/facts.tsx";
import { ListFrame } from "#web/components/list-frame.tsx";
import { PageTitle } from "#web/components/page-title.tsx";
import { Price } from "#web/components/price.tsx";
import { Spinner } from "#web/components/spinner.tsx";
import { paths } from "#web/config/paths.ts";
import { errorMessage } from "#web/lib/api-client.ts";
import { toast } from "#web/lib/toast.ts";
import { useResolveCashDispute } from "./api/cash.ts";
import { useCashDisputes } from "./api/get-cash-disputes.ts";

type Decision = "paid" | "release";

/** A person of the dispute: name, and an email to write to when there is one. */
function Party({ person }: { person: CashDisputeItem["buyer"] }) {
  return (
    <span className="flex flex-col">
      <span className="font-medium">{person.name}</span>
      {person.email ? (
        <a href={`mailto:${person.email}`} className="link link-hover [overflow-wrap:anywhere]">
          {person.email}
        </a>
      ) : null}
    </span>
  );
}

/** One open dispute: the bike, both people, when, and the admin's two decisions (each asks first). */
function DisputeCard({ item }: { item: CashDisputeItem }) {
  const titleId = useId();
  const resolve = useResolveCashDispute();
  const [asking, setAsking] = useState<Decision | null>(null);
  const { model } = item.listing;
  const onConfirm = async (decision: Decision) => {
    try {
      await resolve.mutateAsync({ orderId: item.orderId, decision });
    } catch (err) {
      toast.error(errorMessage(err));
      setAsking(null);
      return;
    }
    toast.success(decision === "paid" ? TALK_MSG.cash.resolvedPaid : TALK_MSG.cash.resolvedReleased);
    setAsking(null);
  };
  const facts: [string, ReactNode][] = [
    ["Price", <Price key="price" amount={item.price} className="font-semibold" />],
    ["Buyer", <Party key="buyer" person={item.buyer} />],
    ["Seller", <Party key="seller" person={item.seller} />],
    [
      "Marked paid in cash",
      <time key="marked" dateTime={item.markedAt}>
        {formatDateTime(item.markedAt)}
      </time>,
    ],
    [
      "Disputed",
      <time key="disputed" dateTime={item.disputedAt}>
        {formatDateTime(item.disputedAt)}
      </time>,
    ],
    // Shown as text (never markup): the buyer wrote it.
    ["Buyer's reason", item.reason ?? "None given"],
    [
      "Held until",
      <time key="until" dateTime={item.holdUntil}>
        {formatDateTime(item.holdUntil)}
      </time>,
    ],
  ];
  return (
    <article aria-labelledby={titleId} className="card h-full border border-base-300 bg-base-100 shadow-sm">
      <div className="card-body gap-4 p-4 sm:p-5">
        <h2 id={titleId} className="text-lg font-semibold break-words">
          <Link to={paths.listingDetails.getHref(item.listing.id)} className="link link-hover">
            {model}
          </Link>
        </h2>
        <Facts facts={facts} className="text-sm" />
        <div className="card-actions mt-auto justify-end">
          <button
            type="button"
            className="btn btn-primary btn-sm"
            aria-label={TALK_MSG.cash.resolvePaidLabel(model)}
            onClick={() => setAsking("paid")}
          >
            {TALK_MSG.cash.resolvePaid}
          </button>
          <button
            type="button"
            className="btn btn-outline btn-error btn-sm"
            aria-label={TALK_MSG.cash.resolveReleaseLabel(model)}
            onClick={() => setAsking("release")}
          >
            {TALK_MSG.cash.resolveRelease}
          </button>
        </div>
      </div>
      <ConfirmDialog
        open={asking !== null}
        title={
          asking === "paid"
            ? TALK_MSG.cash.confirmResolvePaidTitle(model)
            : TALK_MSG.cash.confirmResolveReleaseTitle(model)
        }
        message={asking === "paid" ? TALK_MSG.cash.confirmResolvePaid : TALK_MSG.cash.confirmResolveRelease}
        confirmLabel={asking === "paid" ? TALK_MSG.cash.resolvePaid : TALK_MSG.cash.resolveRelease}
        tone={asking === "paid" ? "primary" : "danger"}
        onConfirm={() => asking && void onConfirm(asking)}
        onCancel={() => setAsking(null)}
        isPending={resolve.isPending}
      />
    </article>
  );
}

/** `/dashboard/cashdisputes`: the admins' open cash disputes, newest first. */
export default function CashDisputesPage() {
  return (
    <section className="flex flex-col gap-6">
      <PageTitle>{`${TALK_MSG.cash.disputesTitle} — MotoHaat`}</PageTitle>
      <h1 className="text-2xl font-bold">{TALK_MSG.cash.disputesTitle}</h1>
      <ListFrame
        query={useCashDisputes()}
        loading={<Spinner label="Loading cash disputes" />}
        empty={
          <EmptyState title={TALK_MSG.cash.noDisputes} icon={<Banknote className="size-10" />}>
            {TALK_MSG.cash.noDisputesHint}
          </EmptyState>
        }
      >
        {(items) => (
          <ul aria-label={TALK_MSG.cash.disputesTitle} className="grid grid-cols-1 gap-4 lg:grid-cols-2">
            {items.map((item) => (
              <li key={item.orderId}>
                <DisputeCard item={item} />
              </li>
            ))}
          </ul>
        )}
      </ListFrame>
    </section>
  );
}
