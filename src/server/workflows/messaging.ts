/**
 * Messages that tell someone: a buyer asks about a bike (starting or reusing their one conversation
 * about it), either person writes, a reader catches up. The message and its notification are written
 * in one transaction (the transactional outbox): the other person hears of exactly the messages that
 * were written. Lock order: the writer's row first (messages), then the notification's rows.
 */
import type { Db, Tx } from "#server/db/client.ts";
import {
  type ConversationRow,
  insertMessage,
  markRead,
  openConversation,
  otherOf,
  refuseIfBlocked,
  writeMessage,
} from "#server/features/messages/service.ts";
import { markReadByLink, notify } from "#server/features/notifications/service.ts";
import { type AuthUser, lockLiveAccount } from "#server/features/people/accounts.ts";
import type { Message } from "#shared/schemas/messages.ts";
import { TALK_MSG } from "#shared/talk-messages.ts";

/** Where a conversation is read on the site: the notification's link. */
export const conversationLink = (id: string) => `/dashboard/messages/${id}`;

/** The longest piece of a message a notification (and its email) quotes. */
const QUOTE_LENGTH = 200;

function quote(body: string): string {
  return body.length > QUOTE_LENGTH ? `${body.slice(0, QUOTE_LENGTH - 1)}…` : body;
}

/**
 * The other person is told of the message: in the bell at once; by email at most once per
 * conversation per 15 minutes, and not if they read it first (the notifications feature's rule for
 * `messageReceived`).
 */
async function tellOther(tx: Tx, sender: AuthUser, conversation: ConversationRow, message: Message) {
  await notify(tx, {
    userId: otherOf(conversation, sender.id),
    kind: "messageReceived",
    data: {
      title: TALK_MSG.conversation.notice(sender.name, conversation.bikeModel),
      body: quote(message.body),
      link: conversationLink(conversation.id),
    },
  });
}

/**
 * `POST /api/listings/:id/conversation`: a buyer writes to the bike's seller. A new conversation
 * needs the bike on sale (409) and visible (404); the buyer's existing one is reused whatever became
 * of the bike.
 */
export async function askSeller(
  db: Db,
  buyer: AuthUser,
  listingId: string,
  body: string,
): Promise<{ conversationId: string; message: Message }> {
  return db.transaction(async (tx) => {
    await lockLiveAccount(tx, buyer.id);
    const conversation = await openConversation(tx, buyer, listingId);
    await refuseIfBlocked(tx, conversation.buyerId, conversation.sellerId);
    const message = await insertMessage(tx, conversation, buyer.id, body);
    await tellOther(tx, buyer, conversation, message);
    return { conversationId: conversation.id, message };
  });
}

/** `POST /api/conversations/:id/messages`: one of the two writes; the other is told. */
export async function sendMessage(
  db: Db,
  sender: AuthUser,
  conversationId: string,
  body: string,
): Promise<Message> {
  return db.transaction(async (tx) => {
    const { conversation, message } = await writeMessage(tx, sender, conversationId, body);
    await tellOther(tx, sender, conversation, message);
    return message;
  });
}

/**
 * `POST /api/conversations/:id/read`: the reader's marker moves to the newest message, and the
 * conversation's notifications are read.
 */
export async function readConversation(db: Db, reader: AuthUser, conversationId: string): Promise<void> {
  await db.transaction(async (tx) => {
    const conversation = await markRead(tx, reader, conversationId);
    // Its bell notifications are read too, and a message email still waiting is not sent.
    await markReadByLink(tx, reader.id, conversationLink(conversation.id));
  });
}
