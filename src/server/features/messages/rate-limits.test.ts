import { describe, expect, it } from "vitest";
import { call, expectProblem, setupTestApp } from "#server/test/app.ts";
import { buildListing, signedInUser } from "#server/test/factories.ts";
import { TALK_MSG } from "#shared/talk-messages.ts";
import { buildConversation } from "./testing.ts";

describe("message rate limits", () => {
  const t = setupTestApp({ MESSAGES_PER_MINUTE: "3", CONVERSATIONS_PER_HOUR: "2" });

  it("refuses a person's messages past MESSAGES_PER_MINUTE with 429 and Retry-After; others still write", async () => {
    const seller = await signedInUser(t.app, { role: "seller" });
    const buyer = await signedInUser(t.app, { role: "buyer" });
    const { id } = await buildConversation(t.app, { buyerId: buyer.user.id, sellerId: seller.user.id });
    const send = (cookie: string) =>
      call(t.app, {
        method: "POST",
        url: `/api/conversations/${id}/messages`,
        cookie,
        payload: { body: "hi" },
      });
    for (let i = 0; i < 3; i++) expect((await send(buyer.cookie)).statusCode).toBe(201);
    const refused = await send(buyer.cookie);
    const problem = expectProblem(refused, 429);
    expect(problem.code).toBe("conversation.tooManyMessages");
    expect(problem.detail).toContain(TALK_MSG.conversation.tooManyMessages);
    expect(Number(refused.headers["retry-after"])).toBeGreaterThan(0);
    expect((await send(seller.cookie)).statusCode).toBe(201);
  });

  it("refuses new conversations past CONVERSATIONS_PER_HOUR", async () => {
    const buyer = await signedInUser(t.app, { role: "buyer" });
    const ask = async () =>
      call(t.app, {
        method: "POST",
        url: `/api/listings/${(await buildListing(t.app)).id}/conversation`,
        cookie: buyer.cookie,
        payload: { body: "Still for sale?" },
      });
    expect((await ask()).statusCode).toBe(201);
    expect((await ask()).statusCode).toBe(201);
    const refused = await ask();
    expect(expectProblem(refused, 429).code).toBe("conversation.tooManyConversations");
    expect(refused.headers["retry-after"]).toBeDefined();
  });
});
