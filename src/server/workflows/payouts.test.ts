/**
 * Payouts and the money log (issue 23, item 5; decision 028): admins see what each seller is owed with
 * their payout details, export it as CSV, record a transfer with its reference (the seller told, their
 * statement showing it), never more than is owed; every admin action on money is logged, append-only.
 */
import { eq, sql } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { describe, expect, it } from "vitest";
import { ledgerEntries, moneyActions, notifications } from "#server/db/schema.ts";
import { card, cardPaid, confirm, GOOD_CARD, openIntent } from "#server/features/payments/testing.ts";
import { call, expectProblem, setupTestApp } from "#server/test/app.ts";
import { bookOrder, buildListing, signedInUser } from "#server/test/factories.ts";
import { MONEY_MSG } from "#shared/money-messages.ts";
import type { MoneyAction, OwedList } from "#shared/schemas/money.ts";
import { checkLedger } from "./ledger-check.ts";

/** A seller with a bike sold by card at this price, its handover confirmed: released, owed less the fee. */
async function sellerOwed(app: FastifyInstance, price: number, name = "Rahim Uddin") {
  const paid = await cardPaid(app, price);
  await app.db.execute(sql`update users set name = ${name} where id = ${paid.seller.user.id}`);
  const res = await call(app, {
    method: "POST",
    url: `/api/orders/${paid.order.id}/handover`,
    cookie: paid.buyer.cookie,
  });
  expect(res.statusCode, res.body).toBe(200);
  return paid.seller;
}

const setWallet = (app: FastifyInstance, cookie: string, walletNumber = "01712-345678") =>
  call(app, {
    method: "PUT",
    url: "/api/me/payout-details",
    cookie,
    payload: { method: "bkash", walletNumber },
  });

const owedList = async (app: FastifyInstance, cookie: string) => {
  const res = await call(app, { method: "GET", url: "/api/admin/payouts", cookie });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as OwedList;
};

const pay = (app: FastifyInstance, cookie: string, payload: object) =>
  call(app, { method: "POST", url: "/api/admin/payouts", cookie, payload });

describe("payouts", () => {
  // A 10 % fee makes the owed amounts differ from the prices.
  const t = setupTestApp({ PLATFORM_FEE_PERCENT: "10" }, { holdSweepIntervalMs: null });

  it("admins see each seller owed money with their payout details, and record a transfer the seller sees", async () => {
    const admin = await signedInUser(t.app, { role: "admin", name: "Admin Karim" });
    const seller = await sellerOwed(t.app, 150_000);
    await setWallet(t.app, seller.cookie);
    const unpaid = await sellerOwed(t.app, 90_000, "Without Details");

    const before = await owedList(t.app, admin.cookie);
    expect(before.items.find((i) => i.seller.id === seller.user.id)).toEqual({
      seller: { id: seller.user.id, name: "Rahim Uddin", email: seller.user.email },
      owed: 135_000,
      details: expect.objectContaining({ method: "bkash", walletNumber: "+8801712345678" }),
    });
    expect(before.items.find((i) => i.seller.id === unpaid.user.id)).toMatchObject({
      owed: 81_000,
      details: null,
    });

    const res = await pay(t.app, admin.cookie, {
      sellerId: seller.user.id,
      amount: 100_000,
      reference: "9BX7K2M4QP",
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().payout as MoneyAction).toEqual({
      id: expect.any(String),
      action: "payout",
      admin: { id: admin.user.id, name: "Admin Karim" },
      seller: { id: seller.user.id, name: "Rahim Uddin" },
      order: null,
      amount: 100_000,
      reference: "9BX7K2M4QP",
      paidTo: "bKash +8801712345678",
      note: MONEY_MSG.payouts.defaultNote,
      at: expect.any(String),
    });

    // The seller is told where it went (masked: it may travel by email) and reads it on the statement.
    const [notice] = await t.app.db
      .select({ data: notifications.data })
      .from(notifications)
      .where(eq(notifications.kind, "paidOut"));
    expect(notice!.data).toMatchObject({
      title: MONEY_MSG.payouts.notifyTitle("৳1,00,000"),
      body: MONEY_MSG.payouts.notifyBody("bKash ••••5678", "9BX7K2M4QP"),
      link: "/dashboard/earnings",
    });
    const earnings = (
      await call(t.app, { method: "GET", url: "/api/me/earnings", cookie: seller.cookie })
    ).json();
    expect(earnings.balance).toMatchObject({ available: 35_000, paidOut: 100_000 });
    expect(earnings.items[0]).toMatchObject({
      kind: "paid_out",
      amount: 100_000,
      reference: "9BX7K2M4QP",
      order: null,
    });

    const after = await owedList(t.app, admin.cookie);
    expect(after.items.find((i) => i.seller.id === seller.user.id)?.owed).toBe(35_000);
    expect(after.total).toBe(before.total - 100_000);

    // The log reads it; nobody can change it.
    const log = await call(t.app, { method: "GET", url: "/api/admin/money-log", cookie: admin.cookie });
    expect(log.json().items[0]).toEqual(res.json().payout);
    for (const statement of [
      sql`update money_actions set amount = 1`,
      sql`delete from money_actions`,
      sql`truncate money_actions cascade`,
    ])
      await expect(t.app.db.execute(statement)).rejects.toMatchObject({
        cause: { message: expect.stringMatching(/money_actions is append-only/) },
      });
    expect((await checkLedger(t.app.db)).problems).toEqual([]);
  });

  it("never more than is owed, only to a seller who said where, and bad input changes nothing", async () => {
    const admin = await signedInUser(t.app, { role: "admin" });
    const seller = await sellerOwed(t.app, 100_000);
    const payload = { sellerId: seller.user.id, amount: 90_000, reference: "TRX-1" };
    expectProblem(await pay(t.app, admin.cookie, payload), 409, MONEY_MSG.payouts.noPayoutDetails);
    await setWallet(t.app, seller.cookie);
    expectProblem(
      await pay(t.app, admin.cookie, { ...payload, amount: 90_001 }),
      409,
      MONEY_MSG.payouts.moreThanOwed,
    );
    const buyer = await signedInUser(t.app, { role: "buyer" });
    expectProblem(
      await pay(t.app, admin.cookie, { ...payload, sellerId: buyer.user.id }),
      404,
      MONEY_MSG.payouts.notASeller,
    );
    expectProblem(
      await pay(t.app, admin.cookie, { ...payload, sellerId: "nope" }),
      404,
      MONEY_MSG.payouts.notASeller,
    );
    const bad = await pay(t.app, admin.cookie, { ...payload, amount: 0, reference: " " });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors).toMatchObject({
      amount: MONEY_MSG.payouts.amountInvalid,
      reference: MONEY_MSG.payouts.referenceRequired,
    });
    expect(
      await t.app.db.select().from(ledgerEntries).where(eq(ledgerEntries.kind, "paid_out")),
    ).not.toContainEqual(expect.objectContaining({ sellerId: seller.user.id }));

    // Two admins paying the whole balance at once: one payout, the other refused.
    const both = await Promise.all([pay(t.app, admin.cookie, payload), pay(t.app, admin.cookie, payload)]);
    expect(both.map((r) => r.statusCode).sort()).toEqual([201, 409]);
    const paid = await t.app.db.select().from(moneyActions).where(eq(moneyActions.sellerId, seller.user.id));
    expect(paid).toHaveLength(1);
    expect((await checkLedger(t.app.db)).problems).toEqual([]);
  });

  it("a seller who has not said where to be paid is asked when a bike of theirs is paid for by card, not after", async () => {
    const asked = async (userId: string) =>
      (
        await t.app.db
          .select({ data: notifications.data, userId: notifications.userId })
          .from(notifications)
          .where(eq(notifications.kind, "payoutDetailsNeeded"))
      ).filter((n) => n.userId === userId);
    const { seller } = await cardPaid(t.app, 120_000);
    expect(await asked(seller.user.id)).toEqual([
      {
        userId: seller.user.id,
        data: expect.objectContaining({
          title: MONEY_MSG.payouts.askTitle,
          body: MONEY_MSG.payouts.askBody("৳1,20,000"),
          link: "/dashboard/profile#payout",
        }),
      },
    ]);
    await setWallet(t.app, seller.cookie);
    const listing = await buildListing(t.app, { sellerId: seller.user.id, askingPrice: 80_000 });
    const buyer = await signedInUser(t.app, { role: "buyer" });
    const booked = await bookOrder(t.app, buyer.cookie, listing.id);
    const paid = await confirm(t.app, buyer.cookie, await openIntent(t.app, buyer.cookie, booked.id), {
      card: card(GOOD_CARD),
    });
    expect(paid.statusCode, paid.body).toBe(200);
    expect(await asked(seller.user.id)).toHaveLength(1);
  });

  it("exports the payable sellers as CSV for the bank, with nothing a spreadsheet would run", async () => {
    const admin = await signedInUser(t.app, { role: "admin" });
    const seller = await sellerOwed(t.app, 50_000, '=HYPERLINK("http://evil")');
    await call(t.app, {
      method: "PUT",
      url: "/api/me/payout-details",
      cookie: seller.cookie,
      payload: {
        method: "bank",
        accountName: "Rahim, Uddin",
        bankName: "Dutch-Bangla Bank",
        branch: "Gulshan",
        accountNumber: "1234 5678 9012",
      },
    });
    const waiting = await sellerOwed(t.app, 40_000, "Waiting Seller");
    const res = await call(t.app, { method: "GET", url: "/api/admin/payouts.csv", cookie: admin.cookie });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers["content-type"]).toMatch(/^text\/csv/);
    expect(res.headers["content-disposition"]).toMatch(
      /^attachment; filename="motohaat-owed-\d{4}-\d{2}-\d{2}\.csv"$/,
    );
    const lines = res.body.trim().split("\n");
    expect(lines[0]).toBe(
      "Seller,Email,Owed (BDT),Method,Wallet number,Account name,Bank,Branch,Account number,Seller id",
    );
    expect(lines).toContain(
      `"'=HYPERLINK(""http://evil"")",${seller.user.email},45000,Bank account,,"Rahim, Uddin",Dutch-Bangla Bank,Gulshan,123456789012,${seller.user.id}`,
    );
    expect(res.body).not.toContain(waiting.user.id);
  });
});
