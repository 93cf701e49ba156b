/**
 * Orders as the API shows them (My orders, an order, the order a payment returns) and as a bike's
 * seller sees them (My buyers): the one select and the one mapping of each.
 */
import { eq, type SQL, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import { handoverDisputes, images, listings, orders, payments, users } from "#server/db/schema.ts";
import { isDeletedAccountEmail } from "#server/features/people/accounts.ts";
import { type PersonRow, personColumns, toPerson } from "#server/features/people/presenter.ts";
import { toImage } from "#server/images/store.ts";
import type { Listing } from "#shared/schemas/listings.ts";
import type {
  CashDisputeItem,
  CashMark,
  Handover,
  HandoverDispute,
  Order,
  OrderStatus,
  SellerBooking,
} from "#shared/schemas/orders.ts";
import { CASH_PROVIDER, toTaka } from "#shared/schemas/payments.ts";

/**
 * The columns of `orders` an order needs (`createdAtText` is for the page cursor).
 *
 * A function declaration, not a constant: mutation testing does not reload module-level code for
 * each mutant, so only code that runs on a call can be checked.
 */
export function orderColumns() {
  return {
    id: orders.id,
    listingId: orders.listingId,
    buyerId: orders.buyerId,
    price: orders.price,
    phone: orders.phone,
    meetingLocation: orders.meetingLocation,
    paidAt: orders.paidAt,
    status: orderStatus(),
    holdUntil: orders.holdUntil,
    endedAt:
      sql<Date | null>`case when ${holdPassed()} then ${orders.holdUntil} else ${orders.endedAt} end`.mapWith(
        orders.endedAt,
      ),
    // A paid order has one payment (payments_order_id_unique): its provider id and amount. The
    // order's id spelled with its table: a select of one table names its columns bare, and a bare
    // "id" inside the subquery would be the payment's.
    paymentId: sql<
      string | null
    >`(select ${payments.intentId} from ${payments} where ${payments.orderId} = ${orders}.${sql.identifier("id")})`,
    paymentAmount: sql<
      number | null
    >`(select ${payments.amount} from ${payments} where ${payments.orderId} = ${orders}.${sql.identifier("id")})`,
    paymentProvider: sql<
      string | null
    >`(select ${payments.provider} from ${payments} where ${payments.orderId} = ${orders}.${sql.identifier("id")})`,
    cashMarkedAt: orders.cashMarkedAt,
    cashDisputedAt: orders.cashDisputedAt,
    releaseDueAt: orders.releaseDueAt,
    handedOverAt: orders.handedOverAt,
    moneyReleasedAt: orders.moneyReleasedAt,
    // The buyer's dispute of the handover, if any (one per order): one object, its times as text.
    dispute: sql<DisputeRow | null>`(select json_build_object(
        'reason', d.reason, 'description', d.description, 'openedAt', d.opened_at,
        'decision', d.decision, 'decidedAt', d.decided_at, 'note', d.note,
        'refundedAt', (select p.refunded_at from ${payments} p where p.order_id = d.order_id))
      from ${handoverDisputes} d where d.order_id = ${orders}.${sql.identifier("id")})`,
    // The bike's seller's phone, for the buyer (toOrder shows it only while the order is live). Aliased
    // tables: a select of one table names its columns bare, and `orders` has a phone of its own.
    sellerPhone: sql<
      string | null
    >`(select su.${sql.identifier("phone")} from ${listings} sl join ${users} su on su.${sql.identifier("id")} = sl.${sql.identifier("seller_id")} where sl.${sql.identifier("id")} = ${orders}.${sql.identifier("listing_id")})`,
    createdAt: orders.createdAt,
    createdAtText: sql<string>`${orders.createdAt}::text`,
  };
}

/**
 * The seller marked the booking paid in cash and the buyer has not disputed it: the bike stays held
 * for the buyer until they confirm, so the hold no longer runs out (product.md, "Cash at the meeting").
 */
export function cashWaiting(): SQL<boolean> {
  return sql<boolean>`(${orders.cashMarkedAt} is not null and ${orders.cashDisputedAt} is null)`;
}

/**
 * A held order whose time to pay has run out, swept or not (decision 021). A cash mark waiting for
 * the buyer stops the clock.
 */
export function holdPassed(): SQL<boolean> {
  return sql<boolean>`(${orders.status} = 'held' and ${orders.holdUntil} <= now() and not ${cashWaiting()})`;
}

/**
 * A held order whose time to pay is still running, by the database's clock: what counts towards the
 * buyer's limit and what keeps a bike off the market. The one spelling of it (with `liveOrder`).
 */
export function liveHold(): SQL<boolean> {
  return sql<boolean>`(${orders.status} = 'held' and (${orders.holdUntil} > now() or ${cashWaiting()}))`;
}

/** An order that keeps its bike: paid, or a hold still running. */
export function liveOrder(): SQL<boolean> {
  return sql<boolean>`(${orders.status} = 'paid' or ${liveHold()})`;
}

/**
 * The order's state as every read shows it. The sweeper (sweeper.ts) writes `expired` within a
 * minute of a hold's end, but a read between the two must not show a passed hold as held: it reads
 * `expired` here, by the database's clock (the one that set `hold_until` and that the sweeper
 * compares with), so every app node agrees. Expiring on read instead would make reads write, and
 * the bike's own status is put back by the sweeper or by the next booking of that bike anyway.
 */
export function orderStatus(): SQL<OrderStatus> {
  return sql<OrderStatus>`case when ${holdPassed()} then 'expired' else ${orders.status} end`;
}

export type OrderRow = {
  id: string;
  listingId: string;
  price: number;
  phone: string;
  meetingLocation: string;
  paidAt: Date | null;
  status: OrderStatus;
  holdUntil: Date | null;
  endedAt: Date | null;
  paymentId: string | null;
  paymentAmount: number | null;
  paymentProvider: string | null;
  cashMarkedAt: Date | null;
  cashDisputedAt: Date | null;
  releaseDueAt: Date | null;
  handedOverAt: Date | null;
  moneyReleasedAt: Date | null;
  dispute: DisputeRow | null;
  sellerPhone: string | null;
  createdAt: Date;
};

/** A handover dispute as `orderColumns` reads it: JSON, so its times are text. */
type DisputeRow = Omit<HandoverDispute, "openedAt" | "decidedAt" | "refundedAt"> & {
  openedAt: string;
  decidedAt: string | null;
  refundedAt: string | null;
};

const isoOf = (text: string) => new Date(text).toISOString();

/** A handover dispute as the API says it (both people read the same). */
export function toHandoverDispute(d: DisputeRow): HandoverDispute {
  return {
    reason: d.reason,
    description: d.description,
    openedAt: isoOf(d.openedAt),
    decision: d.decision,
    decidedAt: d.decidedAt === null ? null : isoOf(d.decidedAt),
    note: d.note,
    refundedAt: d.refundedAt === null ? null : isoOf(d.refundedAt),
  };
}

/** Card money held until the handover, as the API says it; null for cash and unpaid orders. */
function toHandover(
  r: Pick<OrderRow, "releaseDueAt" | "handedOverAt" | "moneyReleasedAt" | "dispute">,
): Handover | null {
  return r.releaseDueAt
    ? {
        releaseDueAt: r.releaseDueAt.toISOString(),
        handedOverAt: r.handedOverAt?.toISOString() ?? null,
        moneyReleasedAt: r.moneyReleasedAt?.toISOString() ?? null,
        dispute: r.dispute ? toHandoverDispute(r.dispute) : null,
      }
    : null;
}

/** The cash mark as the API says it, or null. */
function toCashMark(r: Pick<OrderRow, "cashMarkedAt" | "cashDisputedAt">): CashMark | null {
  return r.cashMarkedAt
    ? { markedAt: r.cashMarkedAt.toISOString(), disputedAt: r.cashDisputedAt?.toISOString() ?? null }
    : null;
}

/** Until when a held order keeps its bike: none while a cash mark waits for the buyer (it does not run out). */
function holdUntilOf(r: Pick<OrderRow, "status" | "holdUntil" | "cashMarkedAt" | "cashDisputedAt">) {
  if (r.status !== "held" || (r.cashMarkedAt && !r.cashDisputedAt)) return null;
  return r.holdUntil?.toISOString() ?? null;
}

/** How a paid order was paid: `cash` payments are the seller's mark confirmed, every other provider's a card. */
function paidWith(r: Pick<OrderRow, "paidAt" | "paymentProvider">): "card" | "cash" | null {
  if (!r.paidAt) return null;
  return r.paymentProvider === CASH_PROVIDER ? "cash" : "card";
}

/** An order with its bike (read by `listingsByIds`: hidden bikes included, the buyer keeps them). */
export function toOrder(r: OrderRow, listing: Listing): Order {
  // The seller's phone while the buyer may need to call them, never after (decision 015).
  const live = r.status === "held" || r.status === "paid";
  return {
    id: r.id,
    status: r.status,
    holdUntil: holdUntilOf(r),
    endedAt: r.endedAt?.toISOString() ?? null,
    receipt:
      r.paidAt && r.paymentId !== null && r.paymentAmount !== null
        ? {
            paymentId: r.paymentId,
            amount: toTaka(r.paymentAmount),
            paidAt: r.paidAt.toISOString(),
            method: paidWith(r) ?? "card",
          }
        : null,
    bookedAt: r.createdAt.toISOString(),
    price: r.price,
    phone: r.phone,
    meetingLocation: r.meetingLocation,
    paid: r.paidAt !== null,
    paidAt: r.paidAt?.toISOString() ?? null,
    cash: toCashMark(r),
    handover: toHandover(r),
    sellerPhone: live ? r.sellerPhone : null,
    listing,
  };
}

/** The bike's cover as a booking of it shows it: an alias, since the buyer's photo is `images`. */
const bookingPhoto = alias(images, "booking_listing_photo");

/**
 * The columns of a booking as its seller sees it (My buyers): the order, its bike (join
 * `listings` on the order and `bookingListingPhoto()`), its buyer (join `users` on the order's buyer and
 * `images` with `personPhotoJoin()`).
 */
export function sellerBookingColumns() {
  return {
    ...orderColumns(),
    listingModel: listings.model,
    listingPhotoKey: bookingPhoto.key,
    listingPhotoWidth: bookingPhoto.width,
    listingPhotoHeight: bookingPhoto.height,
    buyer: personColumns(),
  };
}

/** `.innerJoin(...bookingListingPhoto())`: the cover of the booked bike. */
export function bookingListingPhoto() {
  return [bookingPhoto, eq(bookingPhoto.key, listings.photoKey)] as const;
}

type SellerBookingRow = OrderRow & {
  listingModel: string;
  listingPhotoKey: string;
  listingPhotoWidth: number;
  listingPhotoHeight: number;
  buyer: PersonRow;
};

/**
 * A booking of the seller's bike. The buyer's email and phone only while it is live (held or paid):
 * that is when the seller needs them to meet the buyer (decision 015: no contact without a need).
 */
export function toSellerBooking(r: SellerBookingRow): SellerBooking {
  const live = r.status === "held" || r.status === "paid";
  const buyer = toPerson(r.buyer);
  return {
    id: r.id,
    status: r.status,
    holdUntil: holdUntilOf(r),
    bookedAt: r.createdAt.toISOString(),
    paidAt: r.paidAt?.toISOString() ?? null,
    endedAt: r.endedAt?.toISOString() ?? null,
    price: r.price,
    meetingLocation: r.meetingLocation,
    listing: {
      id: r.listingId,
      model: r.listingModel,
      photo: toImage({ key: r.listingPhotoKey, width: r.listingPhotoWidth, height: r.listingPhotoHeight }),
    },
    buyer: {
      ...buyer,
      // A deleted buyer has no address: the placeholder left on the account is not one.
      email: live && !isDeletedAccountEmail(buyer.email) ? buyer.email : null,
      phone: live ? r.phone : null,
    },
    cash: toCashMark(r),
    paidWith: paidWith(r),
    handover: toHandover(r),
  };
}

type CashDisputeRow = {
  orderId: string;
  listingId: string;
  model: string;
  price: number;
  buyerId: string;
  buyerName: string;
  buyerEmail: string;
  sellerId: string;
  sellerName: string;
  sellerEmail: string;
  markedAt: Date | null;
  disputedAt: Date | null;
  reason: string | null;
  holdUntil: Date | null;
};

/**
 * A disputed cash mark as the admins' list shows it: both people's names and emails (the admin
 * deciding may have to write to them), a deleted account's placeholder address never.
 */
export function toCashDispute(r: CashDisputeRow): CashDisputeItem {
  const email = (address: string) => (isDeletedAccountEmail(address) ? null : address);
  return {
    orderId: r.orderId,
    listing: { id: r.listingId, model: r.model },
    price: r.price,
    buyer: { id: r.buyerId, name: r.buyerName, email: email(r.buyerEmail) },
    seller: { id: r.sellerId, name: r.sellerName, email: email(r.sellerEmail) },
    markedAt: r.markedAt!.toISOString(),
    disputedAt: r.disputedAt!.toISOString(),
    reason: r.reason,
    holdUntil: r.holdUntil!.toISOString(),
  };
}
