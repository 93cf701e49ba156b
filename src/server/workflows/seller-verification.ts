/**
 * An admin verifies a seller: the tick (admin) and the seller's notification (notifications) in one
 * transaction, so the seller is told of a verification that happened, once.
 */
import type { Db } from "#server/db/client.ts";
import { adminSeller, changeVerified } from "#server/features/admin/service.ts";
import { notify } from "#server/features/notifications/service.ts";
import type { AdminSeller } from "#shared/schemas/admin.ts";
import { TALK_MSG } from "#shared/talk-messages.ts";

export async function verifyAndTellSeller(db: Db, sellerId: string): Promise<AdminSeller> {
  await db.transaction(async (tx) => {
    if (!(await changeVerified(tx, sellerId, true))) return;
    await notify(tx, {
      userId: sellerId,
      kind: "sellerVerified",
      data: {
        title: TALK_MSG.notification.verifiedTitle,
        body: TALK_MSG.notification.verifiedBody,
        link: `/sellers/${sellerId}`,
      },
    });
  });
  return adminSeller(db, sellerId);
}
