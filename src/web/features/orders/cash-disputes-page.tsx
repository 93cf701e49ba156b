import { Banknote } from "lucide-react";
import { type ReactNode, useId, useState } from "react";
import { Link } from "react-router";
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
import { useFormat, useTexts } from "#web/lib/i18n.tsx";
import { toast } from "#web/lib/toast.ts";
import { DEAL_PAGES_TEXT } from "#web/texts/deals.ts";
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
  const T = useTexts(DEAL_PAGES_TEXT).dealPages.cashDisputes;
  const cash = useTexts(TALK_MSG).cash;
  const format = useFormat();
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
    toast.success(decision === "paid" ? cash.resolvedPaid : cash.resolvedReleased);
    setAsking(null);
  };
  const facts: [string, ReactNode][] = [
    [T.price, <Price key="price" amount={item.price} className="font-semibold" />],
    [T.buyer, <Party key="buyer" person={item.buyer} />],
    [T.seller, <Party key="seller" person={item.seller} />],
    [
      T.markedPaid,
      <time key="marked" dateTime={item.markedAt}>
        {format.dateTime(item.markedAt)}
      </time>,
    ],
    [
      T.disputed,
      <time key="disputed" dateTime={item.disputedAt}>
        {format.dateTime(item.disputedAt)}
      </time>,
    ],
    // Shown as text (never markup): the buyer wrote it.
    [T.buyersReason, item.reason ?? T.noneGiven],
    [
      T.heldUntil,
      <time key="until" dateTime={item.holdUntil}>
        {format.dateTime(item.holdUntil)}
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
            aria-label={cash.resolvePaidLabel(model)}
            onClick={() => setAsking("paid")}
          >
            {cash.resolvePaid}
          </button>
          <button
            type="button"
            className="btn btn-outline btn-error btn-sm"
            aria-label={cash.resolveReleaseLabel(model)}
            onClick={() => setAsking("release")}
          >
            {cash.resolveRelease}
          </button>
        </div>
      </div>
      <ConfirmDialog
        open={asking !== null}
        title={
          asking === "paid" ? cash.confirmResolvePaidTitle(model) : cash.confirmResolveReleaseTitle(model)
        }
        message={asking === "paid" ? cash.confirmResolvePaid : cash.confirmResolveRelease}
        confirmLabel={asking === "paid" ? cash.resolvePaid : cash.resolveRelease}
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
  const T = useTexts(DEAL_PAGES_TEXT).dealPages.cashDisputes;
  const cash = useTexts(TALK_MSG).cash;
  return (
    <section className="flex flex-col gap-6">
      <PageTitle>{T.title}</PageTitle>
      <h1 className="text-2xl font-bold">{cash.disputesTitle}</h1>
      <ListFrame
        query={useCashDisputes()}
        loading={<Spinner label={T.loading} />}
        empty={
          <EmptyState title={cash.noDisputes} icon={<Banknote className="size-10" />}>
            {cash.noDisputesHint}
          </EmptyState>
        }
      >
        {(items) => (
          <ul aria-label={cash.disputesTitle} className="grid grid-cols-1 gap-4 lg:grid-cols-2">
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
