import { describe, expect, it } from "vitest";
import { call, expectProblem, setupTestApp } from "#server/test/app.ts";
import { buildListing, signedInUser } from "#server/test/factories.ts";
import { MSG } from "#shared/messages.ts";

/** Pairs raced; each pair may run side by side or one after the other, both must answer the same. */
const PAIRS = 12;

describe("a change that loses a race to a delete", () => {
  const t = setupTestApp();

  async function raceOnListings(second: "DELETE" | "advertise") {
    const owner = await signedInUser(t.app, { role: "seller" });
    const ids = await Promise.all(
      Array.from({ length: PAIRS }, async () => (await buildListing(t.app, { sellerId: owner.user.id })).id),
    );
    const send = (kind: "DELETE" | "advertise", id: string) =>
      kind === "DELETE"
        ? call(t.app, { method: "DELETE", url: `/api/listings/${id}`, cookie: owner.cookie })
        : call(t.app, { method: "POST", url: `/api/listings/${id}/advertise`, cookie: owner.cookie });
    return Promise.all(ids.map((id) => Promise.all([send("DELETE", id), send(second, id)])));
  }

  it("two deletes of one listing: one 204, the other 404 (never a 409 saying it is sold)", async () => {
    for (const pair of await raceOnListings("DELETE")) {
      const [won, lost] = [...pair].sort((a, b) => a.statusCode - b.statusCode);
      expect(won!.statusCode, won!.body).toBe(204);
      expectProblem(lost!, 404, MSG.listing.notFound);
    }
  });

  it("advertising a listing being deleted: advertised before (200) or not found after (404), never 409", async () => {
    for (const [deleted, advertised] of await raceOnListings("advertise")) {
      expect(deleted!.statusCode, deleted!.body).toBe(204);
      if (advertised!.statusCode !== 200) expectProblem(advertised!, 404, MSG.listing.notFound);
    }
  });
});
