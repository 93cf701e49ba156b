import { Scale } from "lucide-react";
import { type ReactNode, useId, useState } from "react";
import { Link } from "react-router";
import { formatPhone } from "#shared/format.ts";
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
import { useFormat, useTexts } from "#web/lib/i18n.tsx";
import { toast } from "#web/lib/toast.ts";
import { DEAL_PAGES_TEXT } from "#web/texts/deals.ts";
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
  const T = useTexts(DEAL_PAGES_TEXT).dealPages.handoverDisputes;
  const money = useTexts(MONEY_MSG).dispute;
  const format = useFormat();
  const decide = useDecideHandoverDispute();
  const [deciding, setDeciding] = useState<Decision | null>(null);
  const { model } = item.listing;
  const amount = format.taka(item.price);
  // Decided `refund` and still listed: the provider failed, the same decision again completes it.
  const pendingNote = item.dispute.decision === "refund" ? (item.dispute.note ?? "") : null;
  const at = (iso: string) => <time dateTime={iso}>{format.dateTime(iso)}</time>;
  const facts: [string, ReactNode][] = [
    [T.paid, <Price key="price" amount={item.price} className="font-semibold" />],
    [T.paidOn, at(item.paidAt)],
    [T.buyer, <Party key="buyer" person={item.buyer} />],
    [T.seller, <Party key="seller" person={item.seller} />],
    [money.reasonLabel, money.reasons[item.dispute.reason]],
    // Shown as text (never markup): the buyer wrote it.
    [
      money.descriptionLabel,
      <span key="words" className="whitespace-pre-wrap break-words">
        {item.dispute.description}
      </span>,
    ],
  ];
  const nameOf = (id: string) =>
    id === item.buyer.id
      ? T.buyerName(item.buyer.name)
      : id === item.seller.id
        ? T.sellerName(item.seller.name)
        : "";
  const onSubmit = async (note: string) => {
    if (!deciding) return;
    await decide.mutateAsync({ orderId: item.orderId, decision: deciding, note });
    toast.success(money.decided[deciding]);
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
            {money.openedOn(format.date(item.dispute.openedAt))}
            {" · "}
            {money.dueWas(format.date(item.releaseDueAt))}
          </p>
        </div>
        <Facts facts={facts} className="text-sm" />
        <Transcript
          messages={item.messages}
          nameOf={nameOf}
          title={money.messagesTitle}
          empty={money.noMessages}
        />
        {pendingNote !== null ? (
          <div className="flex flex-col gap-2">
            <p role="status" className="alert alert-warning alert-soft text-sm">
              {money.refundPending}
            </p>
            <p className="text-sm break-words">{money.adminNote(pendingNote)}</p>
            <div className="card-actions justify-end">
              <PendingButton
                type="button"
                className="btn btn-primary btn-sm"
                pending={decide.isPending}
                onClick={() =>
                  decide.mutate(
                    { orderId: item.orderId, decision: "refund", note: pendingNote },
                    {
                      onSuccess: () => toast.success(money.decided.refund),
                      onError: (err) => toast.error(errorMessage(err)),
                    },
                  )
                }
              >
                {money.retryRefund(amount)}
              </PendingButton>
            </div>
          </div>
        ) : (
          <div className="card-actions mt-auto justify-end">
            <button type="button" className="btn btn-outline btn-sm" onClick={() => setDeciding("release")}>
              {money.release(amount)}
            </button>
            <button type="button" className="btn btn-primary btn-sm" onClick={() => setDeciding("refund")}>
              {money.refund(amount)}
            </button>
          </div>
        )}
      </div>
      <TextDialog
        open={deciding !== null}
        onClose={() => setDeciding(null)}
        title={money.decideTitle(model)}
        label={money.noteLabel}
        hint={money.noteHint}
        rows={4}
        maxLength={1000}
        submitLabel={deciding === "release" ? money.release(amount) : money.refund(amount)}
        pending={decide.isPending}
        validate={noteProblem}
        onSubmit={onSubmit}
      />
    </article>
  );
}

/** `/dashboard/disputes`: the admins' open handover disputes, newest first. */
export default function HandoverDisputesPage() {
  const T = useTexts(DEAL_PAGES_TEXT).dealPages.handoverDisputes;
  const money = useTexts(MONEY_MSG).dispute;
  return (
    <section className="flex flex-col gap-6">
      <PageTitle>{T.title}</PageTitle>
      <h1 className="text-2xl font-bold">{money.pageTitle}</h1>
      <ListFrame
        query={useHandoverDisputes()}
        loading={<Spinner label={T.loading} />}
        empty={
          <EmptyState title={money.emptyTitle} icon={<Scale className="size-10" />}>
            {money.emptyHint}
          </EmptyState>
        }
      >
        {(items) => (
          <ul aria-label={money.pageTitle} className="grid grid-cols-1 gap-4 lg:grid-cols-2">
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
