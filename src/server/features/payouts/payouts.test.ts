/** Where a seller is paid (issue 23, item 3): theirs alone to read and set, checked like the page does. */
import { eq } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { describe, expect, it } from "vitest";
import { payoutAccounts } from "#server/db/schema.ts";
import { call, setupTestApp } from "#server/test/app.ts";
import { signedInUser } from "#server/test/factories.ts";
import { MONEY_MSG } from "#shared/money-messages.ts";

const read = (app: FastifyInstance, cookie: string) =>
  call(app, { method: "GET", url: "/api/me/payout-details", cookie });
const save = (app: FastifyInstance, cookie: string, payload: object) =>
  call(app, { method: "PUT", url: "/api/me/payout-details", cookie, payload });

describe("payout details", () => {
  const t = setupTestApp();

  it("a seller sets a bKash number, then a bank account instead; each is kept as typed, tidied", async () => {
    const seller = await signedInUser(t.app, { role: "seller" });
    expect((await read(t.app, seller.cookie)).json()).toEqual({ details: null });

    const wallet = await save(t.app, seller.cookie, { method: "bkash", walletNumber: "01712-345 678" });
    expect(wallet.statusCode, wallet.body).toBe(200);
    expect(wallet.json()).toEqual({
      details: {
        method: "bkash",
        walletNumber: "+8801712345678",
        accountName: null,
        bankName: null,
        branch: null,
        accountNumber: null,
      },
    });
    expect((await read(t.app, seller.cookie)).json()).toEqual(wallet.json());

    const bank = {
      method: "bank",
      accountName: " Karim Uddin ",
      bankName: "Dutch-Bangla Bank",
      branch: "Banani",
      accountNumber: "1234-5678 9012",
    };
    const saved = await save(t.app, seller.cookie, bank);
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toEqual({
      details: {
        method: "bank",
        walletNumber: null,
        accountName: "Karim Uddin",
        bankName: "Dutch-Bangla Bank",
        branch: "Banani",
        accountNumber: "123456789012",
      },
    });
    // One row, the wallet's number gone with its method.
    const rows = await t.app.db
      .select()
      .from(payoutAccounts)
      .where(eq(payoutAccounts.sellerId, seller.user.id));
    expect(rows).toEqual([
      expect.objectContaining({ method: "bank", walletNumber: null, accountNumber: "123456789012" }),
    ]);

    // Nobody else's: another seller reads their own (none).
    const other = await signedInUser(t.app, { role: "seller" });
    expect((await read(t.app, other.cookie)).json()).toEqual({ details: null });
  });

  it("refuses what the page refuses, under each field, and changes nothing", async () => {
    const seller = await signedInUser(t.app, { role: "seller" });
    await save(t.app, seller.cookie, { method: "nagad", walletNumber: "01812345678" });
    const before = (await read(t.app, seller.cookie)).json();

    const cases: [object, Record<string, string>][] = [
      [{ method: "bkash", walletNumber: "12345" }, { walletNumber: MONEY_MSG.payout.walletInvalid }],
      [{ method: "nagad" }, { walletNumber: MONEY_MSG.payout.walletInvalid }],
      [{ method: "paypal", walletNumber: "01712345678" }, { method: MONEY_MSG.payout.methodRequired }],
      [{}, { method: MONEY_MSG.payout.methodRequired }],
      [
        { method: "bank", accountName: "", bankName: " ", accountNumber: "12-34" },
        {
          accountName: MONEY_MSG.payout.accountNameRequired,
          bankName: MONEY_MSG.payout.bankNameRequired,
          branch: MONEY_MSG.payout.branchRequired,
          accountNumber: MONEY_MSG.payout.accountNumberInvalid,
        },
      ],
      [
        { method: "bank", accountName: "x".repeat(101), bankName: "B", branch: "C", accountNumber: "123456" },
        { accountName: MONEY_MSG.payout.tooLong },
      ],
    ];
    for (const [payload, errors] of cases) {
      const res = await save(t.app, seller.cookie, payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json().errors, JSON.stringify(payload)).toEqual(errors);
    }
    expect((await read(t.app, seller.cookie)).json()).toEqual(before);
  });
});
