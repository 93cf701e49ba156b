/**
 * Offers in a conversation: the buyer makes one (the seller is told), the seller accepts or declines
 * it (the buyer is told). Each is one transaction with its message and its notification; booking at
 * an accepted offer's price is `booking.ts`.
 */
import type { Db } from "#server/db/client.ts";
import { decideOffer, makeOffer, pendingOfferExists } from "#server/features/messages/offers.ts";
import { notify } from "#server/features/notifications/service.ts";
import type { AuthUser } from "#server/features/people/accounts.ts";
import { isUniqueViolation } from "#server/lib/pg-errors.ts";
import { formatTaka } from "#shared/format.ts";
import type { Offer } from "#shared/schemas/messages.ts";
import { TALK_MSG } from "#shared/talk-messages.ts";
import { conversationLink } from "./messaging.ts";

/** `POST /api/conversations/:id/offers`. */
export async function offerPrice(
  db: Db,
  buyer: AuthUser,
  conversationId: string,
  amount: number,
): Promise<Offer> {
  try {
    return await db.transaction(async (tx) => {
      const { conversation, bike, offer } = await makeOffer(tx, buyer, conversationId, amount);
      await notify(tx, {
        userId: conversation.sellerId,
        kind: "offerReceived",
        data: {
          title: TALK_MSG.offer.receivedNotice(buyer.name, formatTaka(amount), bike.model),
          body: TALK_MSG.offer.made(formatTaka(amount)),
          link: conversationLink(conversation.id),
          bike: { model: bike.model, price: bike.askingPrice },
        },
      });
      return offer;
    });
  } catch (err) {
    if (isUniqueViolation(err)) throw pendingOfferExists();
    throw err;
  }
}

/** `POST /api/offers/:id/accept` and `/decline`. */
export async function answerOffer(
  db: Db,
  seller: AuthUser,
  offerId: string,
  accept: boolean,
): Promise<Offer> {
  return db.transaction(async (tx) => {
    const { conversation, offer, message } = await decideOffer(tx, seller, offerId, accept);
    const price = formatTaka(offer.amount);
    await notify(tx, {
      userId: conversation.buyerId,
      kind: "offerDecided",
      data: {
        title: accept
          ? TALK_MSG.offer.acceptedNotice(price, conversation.bikeModel)
          : TALK_MSG.offer.declinedNotice(price, conversation.bikeModel),
        body: message.body,
        link: conversationLink(conversation.id),
      },
    });
    return offer;
  });
}
