import { z } from "zod";

/** How far back the seller's overview counts bookings that ended unpaid. */
export const OVERVIEW_ENDED_DAYS = 7;

/**
 * `GET /api/me/overview`: the dashboard's first page, the signed-in person's next steps as counts.
 * - buyer: their unpaid bookings still holding a bike, and when the first of those holds ends (ISO);
 * - seller: bikes for sale, bikes held by an unpaid booking, bikes sold and paid, and bookings of
 *   their bikes that ended unpaid (expired, cancelled, released) in the last OVERVIEW_ENDED_DAYS days;
 * - admin: reported listings waiting for a decision, sellers not verified yet.
 */
export const OverviewSchema = z.discriminatedUnion("role", [
  z.object({
    role: z.literal("buyer"),
    heldOrders: z.number().int(),
    nextHoldEndsAt: z.string().nullable(),
  }),
  z.object({
    role: z.literal("seller"),
    forSale: z.number().int(),
    held: z.number().int(),
    sold: z.number().int(),
    unpaid: z.number().int(),
  }),
  z.object({
    role: z.literal("admin"),
    openReports: z.number().int(),
    unverifiedSellers: z.number().int(),
  }),
]);
export type Overview = z.infer<typeof OverviewSchema>;
