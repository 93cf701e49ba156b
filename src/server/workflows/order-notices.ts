/**
 * Who is told what about an order (notifications, decision 023), called by the workflows that
 * change orders, inside their transaction: the notification is written with the change or not at all.
 */
import type { Tx } from "#server/db/client.ts";
import { notify } from "#server/features/notifications/service.ts";
import { claimHoldReminders, type OrderNotice, orderNotices } from "#server/features/orders/notices.ts";
import { saversOf } from "#server/features/saved/service.ts";
import { formatDateTime, formatPhone, formatTaka } from "#shared/format.ts";
import { MSG } from "#shared/messages.ts";
import { TALK_MSG } from "#shared/talk-messages.ts";

/** Where each person follows an order: the buyer's order page (its receipt), the seller's My buyers. */
const buyerLink = (orderId: string) => `/dashboard/payment/${orderId}`;
const SELLER_LINK = "/dashboard/mybuyers";

/** How long before a hold runs out its buyer is reminded. */
export const HOLD_REMINDER_MINUTES = 6 * 60;

const bikeOf = (o: OrderNotice) => ({ model: o.model, price: o.price });

/** The seller of a newly booked bike: who booked it, their phone, where they meet, until when. Returns the order's id. */
export async function tellSellerBooked(tx: Tx, orderId: string): Promise<string> {
  const [o] = await orderNotices(tx, [orderId]);
  if (!o) return orderId;
  await notify(tx, {
    userId: o.sellerId,
    kind: "bikeBooked",
    data: {
      title: TALK_MSG.notification.bookedTitle(o.model),
      body: TALK_MSG.notification.bookedBody(
        o.buyerName,
        formatPhone(o.phone),
        o.meetingLocation,
        o.holdUntil ? formatDateTime(o.holdUntil) : "",
      ),
      link: SELLER_LINK,
      bike: bikeOf(o),
    },
  });
  return orderId;
}

/** The sellers of bookings that ended unpaid: their hold ran out, or the buyer cancelled. */
export async function tellSellersHoldsEnded(
  tx: Tx,
  orderIds: string[],
  how: "expired" | "cancelled",
): Promise<void> {
  const notices = await orderNotices(tx, orderIds);
  await notify(
    tx,
    notices.map((o) => ({
      userId: o.sellerId,
      kind: "holdEnded" as const,
      data: {
        title: TALK_MSG.notification.holdEndedTitle(o.model),
        body:
          how === "expired" ? TALK_MSG.notification.holdEndedBody : TALK_MSG.notification.holdCancelledBody,
        link: SELLER_LINK,
        bike: bikeOf(o),
      },
    })),
  );
}

/**
 * Everyone who saved a bike that has just been paid for (the sale is final), but its buyer: the bike
 * reads Stock Out in their Saved list, and they hear why.
 */
export async function tellSaversSold(
  tx: Tx,
  sale: { listingId: string; buyerId: string; model: string; price: number },
): Promise<void> {
  const savers = (await saversOf(tx, sale.listingId)).filter((id) => id !== sale.buyerId);
  const data = {
    title: MSG.saved.soldTitle(sale.model),
    body: MSG.saved.soldBody,
    link: `/products/productdetails/${sale.listingId}`,
    bike: { model: sale.model, price: sale.price },
  };
  await notify(
    tx,
    savers.map((userId) => ({ userId, kind: "savedSold" as const, data })),
  );
}

/** Both people of a paid order, and whoever saved the bike. */
export async function tellPaid(tx: Tx, orderId: string): Promise<void> {
  const [o] = await orderNotices(tx, [orderId]);
  if (!o) return;
  await tellSaversSold(tx, o);
  const price = formatTaka(o.price);
  await notify(tx, [
    {
      userId: o.buyerId,
      kind: "orderPaid",
      data: {
        title: TALK_MSG.notification.paidBuyerTitle(o.model),
        body: TALK_MSG.notification.paidBuyerBody(price),
        link: buyerLink(o.id),
        bike: bikeOf(o),
      },
    },
    {
      userId: o.sellerId,
      kind: "orderPaid",
      data: {
        title: TALK_MSG.notification.paidSellerTitle(o.model),
        body: TALK_MSG.notification.paidSellerBody(o.buyerName, price),
        link: SELLER_LINK,
        bike: bikeOf(o),
      },
    },
  ]);
}

/**
 * The buyers whose holds run out within HOLD_REMINDER_MINUTES, each once (orders marks them
 * reminded in the same transaction). Returns how many were reminded.
 */
export async function remindHoldsEndingSoon(tx: Tx): Promise<number> {
  const notices = await orderNotices(tx, await claimHoldReminders(tx, HOLD_REMINDER_MINUTES));
  await notify(
    tx,
    notices.map((o) => ({
      userId: o.buyerId,
      kind: "holdEndingSoon" as const,
      data: {
        title: TALK_MSG.notification.holdEndingSoonTitle(o.model),
        body: TALK_MSG.notification.holdEndingSoonBody(o.holdUntil ? formatDateTime(o.holdUntil) : ""),
        link: buyerLink(o.id),
        bike: bikeOf(o),
      },
    })),
  );
  return notices.length;
}
