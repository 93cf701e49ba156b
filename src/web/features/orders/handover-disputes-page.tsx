import { Scale } from "lucide-react";
import { type ReactNode, useId, useState } from "react";
import { Link } from "react-router";
import { formatDate, formatDateTime, formatPhone, formatTaka } from "#shared/format.ts";
import { MONEY_MSG } from "#shared/money-messages.ts";
import { DecideDisputeSchema, type HandoverDisputeItem } from "#shared/schemas/money.ts";
import { EmptyState } from "#web/components/empty-state.tsx";
import { Facts } from "#web/components/facts.tsx";
import { ListFrame } from "#web/components/list-frame.tsx";
import { PageTitle } from "#web/components/page-title.tsx";
import { PendingButton } from "#web/components/pending-button.tsx";
import { Price } from "#web/components/price.tsx";
import { Spinner } from "#web/components/spinner.tsx";
import { TextDialog } from "#web/components/text-dialog.tsx";
import { Transcript } from "#web/components/transcript.tsx";
import { paths } from "#web/config/paths.ts";
import { errorMessage } from "#web/lib/api-client.ts";
import { toast } from "#web/lib/toast.ts";
import { useDecideHandoverDispute, useHandoverDisputes } from "./api/handover-disputes.ts";

type Decision = "refund" | "release";

/** A person of the dispute: name, and how to reach them (an admin may need to write or call). */
function Party({ person }: { person: HandoverDisputeItem["buyer"] }) {
  return (
    <span className="flex flex-col">
      <span className="font-medium">{person.name}</span>
      {person.email ? (
        <a href={`mailto:${person.email}`} className="link link-hover [overflow-wrap:anywhere]">
          {person.email}
        </a>
      ) : null}
      {person.phone ? (
        <a href={`tel:${person.phone}`} className="link link-hover whitespace-nowrap">
          {formatPhone(person.phone)}
        </a>
      ) : null}
    </span>
  );
}

/** The note's problem, by the server's own rule, or null. */
function noteProblem(note: string): string | null {
  const checked = DecideDisputeSchema.shape.note.safeParse(note);
  return checked.success ? null : (checked.error.issues[0]?.message ?? null);
}

/** One open dispute: the bike, the money, both people, the buyer's words, their messages, and the two decisions. */
function DisputeCard({ item }: { item: HandoverDisputeItem }) {
  const titleId = useId();
  const decide = useDecideHandoverDispute();
  const [deciding, setDeciding] = useState<Decision | null>(null);
  const { model } = item.listing;
  const amount = formatTaka(item.price);
  // Decided `refund` and still listed: the provider failed, the same decision again completes it.
  const pendingNote = item.dispute.decision === "refund" ? (item.dispute.note ?? "") : null;
  const at = (iso: string) => <time dateTime={iso}>{formatDateTime(iso)}</time>;
  const facts: [string, ReactNode][] = [
    ["Paid", <Price key="price" amount={item.price} className="font-semibold" />],
    ["Paid on", at(item.paidAt)],
    ["Buyer", <Party key="buyer" person={item.buyer} />],
    ["Seller", <Party key="seller" person={item.seller} />],
    [MONEY_MSG.dispute.reasonLabel, MONEY_MSG.dispute.reasons[item.dispute.reason]],
    // Shown as text (never markup): the buyer wrote it.
    [
      MONEY_MSG.dispute.descriptionLabel,
      <span key="words" className="whitespace-pre-wrap break-words">
        {item.dispute.description}
      </span>,
    ],
  ];
  const nameOf = (id: string) =>
    id === item.buyer.id
      ? `${item.buyer.name} (buyer)`
      : id === item.seller.id
        ? `${item.seller.name} (seller)`
        : "";
  const onSubmit = async (note: string) => {
    if (!deciding) return;
    await decide.mutateAsync({ orderId: item.orderId, decision: deciding, note });
    toast.success(MONEY_MSG.dispute.decided[deciding]);
    setDeciding(null);
  };
  return (
    <article aria-labelledby={titleId} className="card h-full border border-base-300 bg-base-100 shadow-sm">
      <div className="card-body gap-4 p-4 sm:p-5">
        <div>
          <h2 id={titleId} className="text-lg font-semibold break-words">
            <Link to={paths.listingDetails.getHref(item.listing.id)} className="link link-hover">
              {model}
            </Link>
          </h2>
          <p className="text-sm text-base-content/70">
            {MONEY_MSG.dispute.openedOn(formatDate(item.dispute.openedAt))} ·{" "}
            {MONEY_MSG.dispute.dueWas(formatDate(item.releaseDueAt))}
          </p>
        </div>
        <Facts facts={facts} className="text-sm" />
        <Transcript
          messages={item.messages}
          nameOf={nameOf}
          title={MONEY_MSG.dispute.messagesTitle}
          empty={MONEY_MSG.dispute.noMessages}
        />
        {pendingNote !== null ? (
          <div className="flex flex-col gap-2">
            <p role="status" className="alert alert-warning alert-soft text-sm">
              {MONEY_MSG.dispute.refundPending}
            </p>
            <p className="text-sm break-words">{MONEY_MSG.dispute.adminNote(pendingNote)}</p>
            <div className="card-actions justify-end">
              <PendingButton
                type="button"
                className="btn btn-primary btn-sm"
                pending={decide.isPending}
                onClick={() =>
                  decide.mutate(
                    { orderId: item.orderId, decision: "refund", note: pendingNote },
                    {
                      onSuccess: () => toast.success(MONEY_MSG.dispute.decided.refund),
                      onError: (err) => toast.error(errorMessage(err)),
                    },
                  )
                }
              >
                {MONEY_MSG.dispute.retryRefund(amount)}
              </PendingButton>
            </div>
          </div>
        ) : (
          <div className="card-actions mt-auto justify-end">
            <button type="button" className="btn btn-outline btn-sm" onClick={() => setDeciding("release")}>
              {MONEY_MSG.dispute.release(amount)}
            </button>
            <button type="button" className="btn btn-primary btn-sm" onClick={() => setDeciding("refund")}>
              {MONEY_MSG.dispute.refund(amount)}
            </button>
          </div>
        )}
      </div>
      <TextDialog
        open={deciding !== null}
        onClose={() => setDeciding(null)}
        title={MONEY_MSG.dispute.decideTitle(model)}
        label={MONEY_MSG.dispute.noteLabel}
        hint={MONEY_MSG.dispute.noteHint}
        rows={4}
        maxLength={1000}
        submitLabel={
          deciding === "release" ? MONEY_MSG.dispute.release(amount) : MONEY_MSG.dispute.refund(amount)
        }
        pending={decide.isPending}
        validate={noteProblem}
        onSubmit={onSubmit}
      />
    </article>
  );
}

/** `/dashboard/disputes`: the admins' open handover disputes, newest first. */
export default function HandoverDisputesPage() {
  return (
    <section className="flex flex-col gap-6">
      <PageTitle>{`${MONEY_MSG.dispute.pageTitle} — MotoHaat`}</PageTitle>
      <h1 className="text-2xl font-bold">{MONEY_MSG.dispute.pageTitle}</h1>
      <ListFrame
        query={useHandoverDisputes()}
        loading={<Spinner label="Loading handover disputes" />}
        empty={
          <EmptyState title={MONEY_MSG.dispute.emptyTitle} icon={<Scale className="size-10" />}>
            {MONEY_MSG.dispute.emptyHint}
          </EmptyState>
        }
      >
        {(items) => (
          <ul aria-label={MONEY_MSG.dispute.pageTitle} className="grid grid-cols-1 gap-4 lg:grid-cols-2">
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
