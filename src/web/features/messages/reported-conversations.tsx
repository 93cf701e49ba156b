import { MessagesSquare } from "lucide-react";
import type { ReportedConversation } from "#shared/schemas/messages.ts";
import { TALK_MSG } from "#shared/talk-messages.ts";
import { EmptyState } from "#web/components/empty-state.tsx";
import { ListFrame } from "#web/components/list-frame.tsx";
import { PendingButton } from "#web/components/pending-button.tsx";
import { Spinner } from "#web/components/spinner.tsx";
import { Transcript } from "#web/components/transcript.tsx";
import { errorMessage } from "#web/lib/api-client.ts";
import { useFormat, useTexts } from "#web/lib/i18n.tsx";
import { toast } from "#web/lib/toast.ts";
import { TALK_PAGES_TEXT } from "#web/texts/talk.ts";
import { useDismissConversationReports, useReportedConversations } from "./api/reported.ts";

function ReportedConversationCard({ item }: { item: ReportedConversation }) {
  const dismiss = useDismissConversationReports();
  const msg = useTexts(TALK_MSG).conversation;
  const T = useTexts(TALK_PAGES_TEXT).talkPages.reportedConversations;
  const format = useFormat();
  const nameOf = (id: string) =>
    id === item.buyer.id
      ? T.asBuyer(item.buyer.name)
      : id === item.seller.id
        ? T.asSeller(item.seller.name)
        : "";
  return (
    <article className="card border border-base-300 bg-base-100" aria-labelledby={`rc-${item.id}`}>
      <div className="card-body gap-3 p-4">
        <h3 id={`rc-${item.id}`} className="card-title text-base">
          {item.bikeModel}
        </h3>
        <p className="text-sm">
          {`${item.buyer.name} (${item.buyer.email}) ↔ ${item.seller.name} (${item.seller.email})`}
        </p>
        <ul className="flex flex-col gap-1 text-sm">
          {item.reports.map((r) => (
            <li key={r.id}>
              <span className="font-medium">{`${r.reporter.name}:`}</span> {r.reason}{" "}
              <time className="text-xs text-base-content/70" dateTime={r.reportedAt}>
                {format.dateTime(r.reportedAt)}
              </time>
            </li>
          ))}
        </ul>
        <Transcript messages={item.messages} nameOf={nameOf} />
        <div className="card-actions justify-end">
          <PendingButton
            type="button"
            className="btn btn-sm"
            pending={dismiss.isPending}
            onClick={() =>
              dismiss.mutate(item.id, {
                onSuccess: () => toast.success(msg.dismissed),
                onError: (err) => toast.error(errorMessage(err)),
              })
            }
          >
            {msg.dismiss}
          </PendingButton>
        </div>
      </div>
    </article>
  );
}

/** The admins' "Reported conversations", shown below reported listings with each one's messages. */
export function ReportedConversations() {
  const msg = useTexts(TALK_MSG).conversation;
  const T = useTexts(TALK_PAGES_TEXT).talkPages.reportedConversations;
  return (
    <section className="flex flex-col gap-4" aria-labelledby="reported-conversations">
      <h2 id="reported-conversations" className="text-xl font-bold">
        {msg.queueTitle}
      </h2>
      <ListFrame
        query={useReportedConversations()}
        loading={<Spinner label={T.loading} />}
        empty={<EmptyState title={msg.queueEmpty} icon={<MessagesSquare className="size-10" />} />}
      >
        {(items) => (
          <ul className="grid grid-cols-1 gap-6 md:grid-cols-2">
            {items.map((item) => (
              <li key={item.id}>
                <ReportedConversationCard item={item} />
              </li>
            ))}
          </ul>
        )}
      </ListFrame>
    </section>
  );
}
