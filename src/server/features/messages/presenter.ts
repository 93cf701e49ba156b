/**
 * Conversations, messages and offers as the API shows them: the one select and the one mapping of
 * each, so the list, a conversation, the event stream and the admins' queue show the same fields.
 */
import { eq } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import { images, listings, messages, offers } from "#server/db/schema.ts";
import { toImage } from "#server/images/store.ts";
import type { ConversationBike, Message, Offer } from "#shared/schemas/messages.ts";

/** The columns of an offer; `offerColumns()` on `offers` (or a left join of it). */
export function offerColumns() {
  return {
    id: offers.id,
    conversationId: offers.conversationId,
    amount: offers.amount,
    status: offers.status,
    expiresAt: offers.expiresAt,
    createdAt: offers.createdAt,
  };
}

type OfferRow = {
  id: string;
  conversationId: string;
  amount: number;
  status: Offer["status"];
  expiresAt: Date | null;
  createdAt: Date;
};

export function toOffer(r: OfferRow): Offer {
  return {
    id: r.id,
    conversationId: r.conversationId,
    amount: r.amount,
    status: r.status,
    expiresAt: r.expiresAt?.toISOString() ?? null,
    createdAt: r.createdAt.toISOString(),
  };
}

/** A message and the offer it points at: select from `messages` with `.leftJoin(offers, messageOfferJoin())`. */
export function messageColumns() {
  return {
    id: messages.id,
    conversationId: messages.conversationId,
    senderId: messages.senderId,
    body: messages.body,
    createdAt: messages.createdAt,
    offerId: offers.id,
    offerConversationId: offers.conversationId,
    offerAmount: offers.amount,
    offerStatus: offers.status,
    offerExpiresAt: offers.expiresAt,
    offerCreatedAt: offers.createdAt,
  };
}

export function messageOfferJoin() {
  return eq(offers.id, messages.offerId);
}

type MessageRow = {
  id: number;
  conversationId: string;
  senderId: string;
  body: string;
  createdAt: Date;
  offerId: string | null;
  offerConversationId: string | null;
  offerAmount: number | null;
  offerStatus: Offer["status"] | null;
  offerExpiresAt: Date | null;
  offerCreatedAt: Date | null;
};

export function toMessage(r: MessageRow): Message {
  return {
    id: r.id,
    conversationId: r.conversationId,
    senderId: r.senderId,
    body: r.body,
    sentAt: r.createdAt.toISOString(),
    offer:
      r.offerId === null
        ? null
        : toOffer({
            id: r.offerId,
            conversationId: r.offerConversationId!,
            amount: r.offerAmount!,
            status: r.offerStatus!,
            expiresAt: r.offerExpiresAt,
            createdAt: r.offerCreatedAt!,
          }),
  };
}

/** The bike's photo, joined under its own name (a person's photo may be joined in the same read). */
export const bikePhoto = alias(images, "bike_photo");

/**
 * The bike a conversation is about, as it is now: left joins of `listings` (on the conversation's
 * listing) and `bikePhoto` (on the listing's photo). `conversationBikeModel` is the snapshot kept
 * for when the listing is deleted.
 */
export function bikeColumns() {
  return {
    bikeId: listings.id,
    bikeModel: listings.model,
    bikePrice: listings.askingPrice,
    bikeNegotiable: listings.negotiable,
    bikeStatus: listings.status,
    bikeHidden: listings.hidden,
    bikePhotoKey: bikePhoto.key,
    bikePhotoWidth: bikePhoto.width,
    bikePhotoHeight: bikePhoto.height,
  };
}

export function bikePhotoJoin() {
  return eq(bikePhoto.key, listings.photoKey);
}

type BikeRow = {
  bikeId: string | null;
  bikeModel: string | null;
  bikePrice: number | null;
  bikeNegotiable: boolean | null;
  bikeStatus: "available" | "sold" | null;
  bikeHidden: boolean | null;
  bikePhotoKey: string | null;
  bikePhotoWidth: number | null;
  bikePhotoHeight: number | null;
};

/**
 * A hidden or deleted bike is `removed`: its model stays (the snapshot once the row is gone), its
 * photo and price do not, as nobody may look at a removed listing any more.
 */
export function toConversationBike(r: BikeRow, snapshotModel: string): ConversationBike {
  if (r.bikeId === null || r.bikeHidden) {
    return {
      id: null,
      model: r.bikeModel ?? snapshotModel,
      price: null,
      photo: null,
      negotiable: false,
      state: "removed",
    };
  }
  return {
    id: r.bikeId,
    model: r.bikeModel ?? snapshotModel,
    price: r.bikePrice,
    photo: r.bikePhotoKey
      ? toImage({ key: r.bikePhotoKey, width: r.bikePhotoWidth ?? 0, height: r.bikePhotoHeight ?? 0 })
      : null,
    negotiable: r.bikeNegotiable ?? false,
    state: r.bikeStatus === "sold" ? "sold" : "available",
  };
}
