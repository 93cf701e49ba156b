import { describe, expect, it } from "vitest";
import { setupTestApp } from "#server/test/app.ts";
import { bookOrder, buildListing, signedInUser } from "#server/test/factories.ts";
import { listingStatus, orderRow, passHold } from "./testing.ts";

describe("the hold sweeper", () => {
  // Its own timer, short: nothing in this test sweeps by hand.
  const t = setupTestApp({}, { holdSweepIntervalMs: 50 });

  it("runs by itself: a hold that has passed is expired and its bike is for sale again", async () => {
    const buyer = await signedInUser(t.app, { role: "buyer" });
    const listing = await buildListing(t.app);
    const order = await bookOrder(t.app, buyer.cookie, listing.id);
    expect(await listingStatus(t.app, listing.id)).toBe("sold");

    await passHold(t.app, order.id);
    await expect.poll(() => listingStatus(t.app, listing.id), { timeout: 10_000 }).toBe("available");
    expect(await orderRow(t.app, order.id)).toMatchObject({ status: "expired" });
  });
});
