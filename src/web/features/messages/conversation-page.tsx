import { Ban, Flag } from "lucide-react";
import { type FormEvent, type KeyboardEvent, useEffect, useId, useRef, useState } from "react";
import { Link, useParams } from "react-router";
import { formatTaka } from "#shared/format.ts";
import { MAX_MESSAGE_LENGTH, MAX_REASON_LENGTH } from "#shared/message-limits.ts";
import { MSG } from "#shared/messages.ts";
import type { ConversationDetail, Message, Offer } from "#shared/schemas/messages.ts";
import { TALK_MSG } from "#shared/talk-messages.ts";
import { ConfirmDialog } from "#web/components/confirm-dialog.tsx";
import { FieldError } from "#web/components/field-error.tsx";
import { LoadError } from "#web/components/load-error.tsx";
import { PageTitle } from "#web/components/page-title.tsx";
import { PendingButton } from "#web/components/pending-button.tsx";
import { Spinner } from "#web/components/spinner.tsx";
import { TextDialog } from "#web/components/text-dialog.tsx";
import { UserAvatar } from "#web/components/user-avatar.tsx";
import { paths } from "#web/config/paths.ts";
import { errorMessage } from "#web/lib/api-client.ts";
import { useFormat, useSay, useTexts } from "#web/lib/i18n.tsx";
import { useSession } from "#web/lib/session.ts";
import { toast } from "#web/lib/toast.ts";
import { TALK_PAGES_TEXT } from "#web/texts/talk.ts";
import { useAnswerOffer, useBlock, useMakeOffer, useReportConversation } from "./api/actions.ts";
import { useConversation } from "./api/conversations.ts";
import { inOrder, useMarkRead, useMessages, useSendMessage } from "./api/messages.ts";
import { BikeState, BikeThumb } from "./bike-thumb.tsx";
import { messageProblem } from "./message-problem.ts";

type Format = ReturnType<typeof useFormat>;

/** What became of an offer, said under its message. */
function offerState(offer: Offer, offerMsg: typeof TALK_MSG.offer, format: Format): string {
  if (offer.status === "pending") return offerMsg.pending;
  if (offer.status === "declined") return offerMsg.declinedState;
  if (offer.status === "accepted" && offer.expiresAt) {
    return Date.parse(offer.expiresAt) > Date.now()
      ? offerMsg.acceptedUntil(format.taka(offer.amount), format.dateTime(offer.expiresAt))
      : offerMsg.expiredState;
  }
  return "";
}

function OfferAnswer({ offer }: { offer: Offer }) {
  const answer = useAnswerOffer();
  const offerMsg = useTexts(TALK_MSG).offer;
  const run = (accept: boolean) =>
    answer.mutate({ offerId: offer.id, accept }, { onError: (err) => toast.error(errorMessage(err)) });
  return (
    <div className="mt-2 flex gap-2">
      <PendingButton
        type="button"
        className="btn btn-success btn-sm"
        pending={answer.isPending && answer.variables?.accept === true}
        disabled={answer.isPending}
        onClick={() => run(true)}
      >
        {offerMsg.accept}
      </PendingButton>
      <PendingButton
        type="button"
        className="btn btn-outline btn-sm"
        pending={answer.isPending && answer.variables?.accept === false}
        disabled={answer.isPending}
        onClick={() => run(false)}
      >
        {offerMsg.decline}
      </PendingButton>
    </div>
  );
}

function MessageItem({
  message,
  mine,
  seller,
  newestOfferId,
}: {
  message: Message;
  mine: boolean;
  seller: boolean;
  newestOfferId: string | undefined;
}) {
  const offer = message.offer;
  const talk = useTexts(TALK_MSG);
  const format = useFormat();
  const say = useSay();
  // The offer's own message (its amount), not the seller's answer, carries its state and buttons.
  const makesOffer =
    offer !== null &&
    offer.id === newestOfferId &&
    message.body === TALK_MSG.offer.made(formatTaka(offer.amount));
  return (
    <li className={`chat ${mine ? "chat-end" : "chat-start"}`}>
      <div className={`chat-bubble whitespace-pre-wrap break-words ${mine ? "chat-bubble-primary" : ""}`}>
        <span className="sr-only">{mine ? `${talk.conversation.you}: ` : ""}</span>
        {/* An offer's message is the catalogue's words (the server's, in English): said in the page's
            language. Any other is a person's own, as written. */}
        {offer !== null ? say(message.body) : message.body}
        {makesOffer && offer ? (
          <>
            <p className="mt-1 text-xs opacity-80">{offerState(offer, talk.offer, format)}</p>
            {seller && offer.status === "pending" ? <OfferAnswer offer={offer} /> : null}
          </>
        ) : null}
      </div>
      <time className="chat-footer text-xs opacity-70" dateTime={message.sentAt}>
        {format.dateTime(message.sentAt)}
      </time>
    </li>
  );
}

function Composer({ conversationId }: { conversationId: string }) {
  const send = useSendMessage(conversationId);
  const msg = useTexts(TALK_MSG).conversation;
  const [text, setText] = useState("");
  const [error, setError] = useState<string | null>(null);
  const fieldId = useId();
  const errorId = `${fieldId}-error`;
  const submit = (e?: FormEvent) => {
    e?.preventDefault();
    const body = text.trim();
    const problem = messageProblem(body);
    setError(problem);
    if (problem) return;
    send.mutate(body, {
      onSuccess: () => setText(""),
      onError: (err) => setError(errorMessage(err)),
    });
  };
  // Enter sends; Shift+Enter (or Enter while composing with an input method) starts a new line.
  const onKeyDown = (e: KeyboardEvent<HTMLTextAreaElement>) => {
    if (e.key === "Enter" && !e.shiftKey && !e.nativeEvent.isComposing) {
      e.preventDefault();
      if (!send.isPending) submit();
    }
  };
  return (
    <form onSubmit={submit} className="flex flex-col gap-2" noValidate>
      <label htmlFor={fieldId} className="text-sm font-medium">
        {msg.messageLabel}
      </label>
      <div className="flex items-end gap-2">
        <textarea
          id={fieldId}
          className="textarea textarea-bordered min-h-12 w-full"
          rows={2}
          maxLength={MAX_MESSAGE_LENGTH}
          value={text}
          onChange={(e) => setText(e.target.value)}
          onKeyDown={onKeyDown}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? errorId : undefined}
        />
        <PendingButton type="submit" className="btn btn-primary" pending={send.isPending}>
          {msg.send}
        </PendingButton>
      </div>
      <FieldError id={errorId} message={error} />
    </form>
  );
}

function OfferForm({ conversation }: { conversation: ConversationDetail }) {
  const make = useMakeOffer(conversation.id);
  const offerMsg = useTexts(TALK_MSG).offer;
  const [amount, setAmount] = useState("");
  const [error, setError] = useState<string | null>(null);
  const fieldId = useId();
  const errorId = `${fieldId}-error`;
  const asking = conversation.bike.price ?? 0;
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const value = Number(amount);
    if (!Number.isInteger(value) || value <= 0) return setError(TALK_MSG.offer.amountRequired);
    if (value > asking) return setError(TALK_MSG.offer.aboveAsking);
    setError(null);
    make.mutate(value, {
      onSuccess: () => setAmount(""),
      onError: (err) => setError(errorMessage(err)),
    });
  };
  return (
    <form onSubmit={submit} className="flex flex-col gap-1" noValidate>
      <label htmlFor={fieldId} className="text-sm font-medium">
        {offerMsg.amountLabel}
      </label>
      <div className="flex flex-wrap gap-2">
        <input
          id={fieldId}
          type="number"
          inputMode="numeric"
          min={1}
          max={asking}
          step={1}
          className="input input-bordered w-40"
          value={amount}
          onChange={(e) => setAmount(e.target.value)}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? errorId : undefined}
        />
        <PendingButton type="submit" className="btn btn-outline" pending={make.isPending}>
          {offerMsg.submit}
        </PendingButton>
      </div>
      <FieldError id={errorId} message={error} />
    </form>
  );
}

function ReportDialog({
  conversationId,
  open,
  onClose,
}: {
  conversationId: string;
  open: boolean;
  onClose: () => void;
}) {
  const report = useReportConversation(conversationId);
  const msg = useTexts(TALK_MSG).conversation;
  return (
    <TextDialog
      open={open}
      onClose={onClose}
      title={msg.reportTitle}
      label={msg.reportReasonLabel}
      rows={3}
      maxLength={MAX_REASON_LENGTH}
      submitLabel={msg.report}
      tone="danger"
      pending={report.isPending}
      validate={(reason) => {
        if (!reason) return TALK_MSG.conversation.reasonRequired;
        return reason.length > MAX_REASON_LENGTH ? MSG.report.reasonTooLong : null;
      }}
      onSubmit={(reason) =>
        report.mutateAsync(reason).then(() => {
          toast.success(msg.reported);
          onClose();
        })
      }
    />
  );
}

function Header({ conversation: c }: { conversation: ConversationDetail }) {
  const block = useBlock(c.id);
  const msg = useTexts(TALK_MSG).conversation;
  const [confirmBlock, setConfirmBlock] = useState(false);
  const [reporting, setReporting] = useState(false);
  const name = c.other.name;
  const setBlocked = (blocked: boolean) =>
    block.mutate(blocked, {
      onSuccess: () => {
        setConfirmBlock(false);
        toast.success(blocked ? msg.blockedToast(name) : msg.unblockedToast(name));
      },
      onError: (err) => toast.error(errorMessage(err)),
    });
  const model =
    c.bike.id && c.bike.state !== "removed" ? (
      <Link to={paths.listingDetails.getHref(c.bike.id)} className="link link-hover font-semibold">
        {c.bike.model}
      </Link>
    ) : (
      <span className="font-semibold">{c.bike.model}</span>
    );
  return (
    <header className="flex flex-col gap-3 rounded-box border border-base-300 bg-base-100 p-3">
      <div className="flex flex-wrap items-center gap-3">
        <BikeThumb bike={c.bike} className="size-16" />
        {/* At least 12rem: on a phone Block and Report wrap below the bike instead of squeezing it. */}
        <div className="flex min-w-0 flex-1 basis-48 flex-col gap-1">
          <h1 className="text-lg">{model}</h1>
          <BikeState bike={c.bike} />
          <span className="flex items-center gap-2 text-sm text-base-content/70">
            <UserAvatar user={{ name, photo: c.other.photo }} size="size-5" />
            {name}
          </span>
        </div>
        <div className="flex gap-2">
          {c.blockedByMe ? (
            <PendingButton
              type="button"
              className="btn btn-sm"
              pending={block.isPending}
              onClick={() => setBlocked(false)}
            >
              {msg.unblock}
            </PendingButton>
          ) : (
            <button type="button" className="btn btn-sm btn-ghost" onClick={() => setConfirmBlock(true)}>
              <Ban className="size-4" aria-hidden="true" />
              {msg.block}
            </button>
          )}
          {c.reportedByMe ? null : (
            <button
              type="button"
              className="btn btn-sm btn-ghost"
              aria-haspopup="dialog"
              onClick={() => setReporting(true)}
            >
              <Flag className="size-4" aria-hidden="true" />
              {msg.report}
            </button>
          )}
        </div>
      </div>
      {c.bike.state === "available" ? null : (
        <p role="note" className="alert alert-info alert-soft text-sm">
          {c.bike.state === "sold" ? msg.bikeSold : msg.bikeRemoved}
        </p>
      )}
      <ConfirmDialog
        open={confirmBlock}
        title={msg.confirmBlockTitle(name)}
        message={msg.confirmBlock}
        confirmLabel={msg.block}
        isPending={block.isPending}
        onConfirm={() => setBlocked(true)}
        onCancel={() => setConfirmBlock(false)}
      />
      <ReportDialog conversationId={c.id} open={reporting} onClose={() => setReporting(false)} />
    </header>
  );
}

/** `/dashboard/messages/:id`: one conversation, its messages as text, the composer and the offer. */
export default function ConversationPage() {
  const { id = "" } = useParams();
  const { user } = useSession();
  const conversation = useConversation(id);
  const messages = useMessages(id);
  const markRead = useMarkRead(id);
  const msg = useTexts(TALK_MSG).conversation;
  const T = useTexts(TALK_PAGES_TEXT).talkPages.conversation;
  const endRef = useRef<HTMLDivElement>(null);
  const items = inOrder(messages.data?.pages);
  const newestId = items.at(-1)?.id;
  const unread = conversation.data?.unread ?? 0;

  // Reading the conversation reads its messages: the marker moves whenever an unread one is shown.
  const { mutate: read } = markRead;
  useEffect(() => {
    if (newestId !== undefined && unread > 0) read();
  }, [newestId, unread, read]);
  useEffect(() => {
    if (newestId !== undefined) endRef.current?.scrollIntoView?.({ block: "nearest" });
  }, [newestId]);

  if (conversation.isPending) return <Spinner label={T.loading} />;
  if (conversation.isError) return <LoadError error={conversation.error} onRetry={conversation.refetch} />;
  const c = conversation.data;
  const seller = c.role === "seller";
  const blocked = c.blockedByMe || c.blockedByThem;
  const canOffer =
    !seller && !blocked && c.bike.state === "available" && c.bike.negotiable && c.offer?.status !== "pending";

  return (
    <section className="flex max-w-3xl flex-col gap-4">
      <PageTitle>{T.title(c.bike.model)}</PageTitle>
      <Link to={paths.dashboard.messages.getHref()} className="link link-hover text-sm">
        {T.back}
      </Link>
      <Header conversation={c} />

      {messages.isPending ? (
        <Spinner label={T.loadingMessages} />
      ) : messages.isError && items.length === 0 ? (
        <LoadError error={messages.error} onRetry={messages.refetch} />
      ) : (
        <div className="flex flex-col gap-2">
          {messages.hasNextPage ? (
            <PendingButton
              type="button"
              className="btn btn-ghost btn-sm self-center"
              pending={messages.isFetchingNextPage}
              onClick={() => void messages.fetchNextPage()}
            >
              {msg.olderMessages}
            </PendingButton>
          ) : null}
          {items.length === 0 ? <p className="text-base-content/70">{msg.noMessages}</p> : null}
          <ol className="flex flex-col" aria-label={msg.listTitle} aria-live="polite">
            {items.map((m) => (
              <MessageItem
                key={m.id}
                message={m}
                mine={m.senderId === user?.id}
                seller={seller}
                newestOfferId={c.offer?.id}
              />
            ))}
          </ol>
          <div ref={endRef} />
        </div>
      )}

      {blocked ? (
        <p role="status" className="alert alert-warning alert-soft">
          {c.blockedByMe ? msg.blockedByYou(c.other.name) : msg.blockedByThem(c.other.name)}
        </p>
      ) : (
        <Composer conversationId={c.id} />
      )}
      {canOffer ? <OfferForm conversation={c} /> : null}
    </section>
  );
}
