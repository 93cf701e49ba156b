import { and, eq, sql } from "drizzle-orm";
import type { Tx } from "#server/db/client.ts";
import { conversations, offers } from "#server/db/schema.ts";
import { BadRequest, Conflict, Forbidden, NotFound } from "#server/errors.ts";
import { type AuthUser, lockLiveAccount } from "#server/features/people/accounts.ts";
import { publishLive } from "#server/lib/live-events.ts";
import { isUuid } from "#server/lib/pagination.ts";
import { formatTaka } from "#shared/format.ts";
import { MSG } from "#shared/messages.ts";
import { OFFER_HOURS } from "#shared/schemas/messages.ts";
import { TALK_MSG } from "#shared/talk-messages.ts";
import { offerColumns, toOffer } from "./presenter.ts";
import { bikeForTalk, conversationOf, insertMessage, refuseIfBlocked } from "./service.ts";

/**
 * The buyer of a conversation offers a price for its bike, shown in the conversation as a message.
 * Only for a bike on sale whose price is negotiable, at most its asking price, one pending offer
 * per conversation (the partial unique index settles two at once: the caller turns it into 409).
 * Runs in the caller's transaction.
 */
export async function makeOffer(tx: Tx, buyer: AuthUser, conversationId: string, amount: number) {
  await lockLiveAccount(tx, buyer.id);
  const conversation = await conversationOf(tx, buyer, conversationId);
  if (conversation.buyerId !== buyer.id) throw new Forbidden(MSG.auth.forbidden);
  await refuseIfBlocked(tx, conversation.buyerId, conversation.sellerId);
  const bike = await bikeForTalk(tx, conversation.listingId);
  if (!bike || bike.hidden || bike.status !== "available") throw new Conflict(TALK_MSG.offer.bikeGone);
  if (!bike.negotiable) throw new Conflict(TALK_MSG.offer.notNegotiable);
  if (amount > bike.askingPrice)
    throw new BadRequest(TALK_MSG.offer.aboveAsking, { amount: TALK_MSG.offer.aboveAsking });
  const [row] = await tx
    .insert(offers)
    .values({ conversationId: conversation.id, listingId: bike.id, buyerId: buyer.id, amount })
    .returning(offerColumns());
  const message = await insertMessage(
    tx,
    conversation,
    buyer.id,
    TALK_MSG.offer.made(formatTaka(amount)),
    row!.id,
  );
  return { conversation, bike, offer: toOffer(row!), message };
}

/** Thrown by the caller when `makeOffer` hit the one-pending-offer index. */
export const pendingOfferExists = () => new Conflict(TALK_MSG.offer.pendingExists);

/**
 * The bike's seller accepts or declines a pending offer. The guarded UPDATE (still pending) lets
 * one answer win; an accepted offer lets its buyer book at its price for OFFER_HOURS, by the
 * database's clock, and only while the bike is on sale. Runs in the caller's transaction.
 */
export async function decideOffer(tx: Tx, seller: AuthUser, offerId: string, accept: boolean) {
  if (!isUuid(offerId)) throw new NotFound(TALK_MSG.offer.notFound);
  await lockLiveAccount(tx, seller.id);
  const [found] = await tx
    .select({ conversationId: offers.conversationId, sellerId: conversations.sellerId })
    .from(offers)
    .innerJoin(conversations, eq(conversations.id, offers.conversationId))
    .where(eq(offers.id, offerId));
  if (!found) throw new NotFound(TALK_MSG.offer.notFound);
  if (found.sellerId !== seller.id) throw new Forbidden(TALK_MSG.offer.notYourBike);
  const conversation = await conversationOf(tx, seller, found.conversationId);
  if (accept) {
    const bike = await bikeForTalk(tx, conversation.listingId);
    if (!bike || bike.hidden || bike.status !== "available") throw new Conflict(TALK_MSG.offer.bikeGone);
  }
  const [row] = await tx
    .update(offers)
    .set(
      accept
        ? {
            status: "accepted",
            decidedAt: sql`now()`,
            expiresAt: sql`now() + make_interval(hours => ${OFFER_HOURS}::int)`,
          }
        : { status: "declined", decidedAt: sql`now()` },
    )
    .where(and(eq(offers.id, offerId), eq(offers.status, "pending")))
    .returning(offerColumns());
  if (!row) throw new Conflict(TALK_MSG.offer.notPending);
  const price = formatTaka(row.amount);
  const message = await insertMessage(
    tx,
    conversation,
    seller.id,
    accept ? TALK_MSG.offer.accepted(price) : TALK_MSG.offer.declined(price),
    row.id,
  );
  // The offer's own message changed too: both tabs refetch the conversation.
  await publishLive(tx, {
    type: "conversation",
    id: conversation.id,
    to: [conversation.buyerId, conversation.sellerId],
  });
  return { conversation, offer: toOffer(row), message };
}
