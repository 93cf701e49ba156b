import { MessageCircle } from "lucide-react";
import { useState } from "react";
import { Link, useNavigate } from "react-router";
import { MAX_MESSAGE_LENGTH } from "#shared/message-limits.ts";
import type { Listing } from "#shared/schemas/listings.ts";
import { TALK_MSG } from "#shared/talk-messages.ts";
import { TextDialog } from "#web/components/text-dialog.tsx";
import { paths } from "#web/config/paths.ts";
import { useTexts } from "#web/lib/i18n.tsx";
import { useSendToSignin } from "#web/lib/send-to-signin.ts";
import { useSession } from "#web/lib/session.ts";
import { useAskSeller, useMyBikeConversation } from "./api/bike-conversation.ts";
import { messageProblem } from "./message-problem.ts";

function AskDialog({ listing, open, onClose }: { listing: Listing; open: boolean; onClose: () => void }) {
  const ask = useAskSeller(listing.id);
  const navigate = useNavigate();
  const msg = useTexts(TALK_MSG).conversation;
  return (
    <TextDialog
      open={open}
      onClose={onClose}
      title={`${msg.messageSeller}: ${listing.model}`}
      label={msg.messageLabel}
      hint={msg.firstMessageHint}
      rows={4}
      maxLength={MAX_MESSAGE_LENGTH}
      submitLabel={msg.send}
      pending={ask.isPending}
      validate={messageProblem}
      // The promise, not mutate's callbacks: the refetch that follows a send (or the live event
      // that beats its answer) finds the new conversation and swaps this dialog's button for a
      // link, and an unmounted observer's callbacks never run.
      onSubmit={(body) =>
        ask
          .mutateAsync(body)
          .then(({ conversationId }) => navigate(paths.dashboard.conversation.getHref(conversationId)))
      }
    />
  );
}

/**
 * "Message the seller" on a bike's page: a buyer writes their first message here (or opens the
 * conversation they have); a signed-out visitor is sent to sign in first. A seller answers but
 * never starts a conversation, and nobody writes about their own bike: they see nothing.
 */
export function MessageSellerButton({ listing }: { listing: Listing }) {
  const { user, isLoading } = useSession();
  const sendToSignin = useSendToSignin();
  const [open, setOpen] = useState(false);
  const msg = useTexts(TALK_MSG).conversation;
  const buyer = user?.role === "buyer";
  const mine = useMyBikeConversation(listing.id, buyer);
  if (isLoading || (user && !buyer)) return null;
  const existing = mine.data?.conversationId;
  if (existing) {
    return (
      <Link to={paths.dashboard.conversation.getHref(existing)} className="btn btn-outline">
        <MessageCircle className="size-4" aria-hidden="true" />
        {msg.openConversation}
      </Link>
    );
  }
  // A bike off the market takes no new conversation (the server refuses it too).
  if (listing.status !== "available" || (buyer && mine.isPending)) return null;
  return (
    <>
      <button
        type="button"
        className="btn btn-outline"
        aria-haspopup="dialog"
        onClick={() => (user ? setOpen(true) : sendToSignin())}
      >
        <MessageCircle className="size-4" aria-hidden="true" />
        {msg.messageSeller}
      </button>
      {user ? <AskDialog listing={listing} open={open} onClose={() => setOpen(false)} /> : null}
    </>
  );
}
