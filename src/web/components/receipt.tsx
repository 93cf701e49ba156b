import { useId } from "react";
import { formatDate } from "#shared/format.ts";
import type { Receipt as OrderReceipt } from "#shared/schemas/orders.ts";
import { TALK_MSG } from "#shared/talk-messages.ts";
import { Facts } from "./facts.tsx";
import { Price } from "./price.tsx";

type ReceiptProps = {
  /** The order's receipt: the payment id, whole taka, when it was paid, and how (card or cash). */
  receipt: OrderReceipt;
  model: string;
  sellerName: string;
};

/** What a paid order's buyer keeps: the payment id, the amount, the date, how it was paid, the bike and its seller. */
export function Receipt({ receipt, model, sellerName }: ReceiptProps) {
  const titleId = useId();
  return (
    <section aria-labelledby={titleId} className="rounded-box border border-base-300 p-3 text-sm">
      <h3 id={titleId} className="mb-2 font-semibold">
        Receipt
      </h3>
      <Facts
        facts={[
          [
            "Payment id",
            <span key="id" className="font-mono break-all">
              {receipt.paymentId}
            </span>,
          ],
          ["Amount", <Price key="amount" amount={receipt.amount} className="font-semibold" />],
          [
            "Paid on",
            <time key="paid" dateTime={receipt.paidAt}>
              {formatDate(receipt.paidAt)}
            </time>,
          ],
          [
            TALK_MSG.cash.receiptMethod,
            receipt.method === "cash" ? TALK_MSG.cash.cashMethod : TALK_MSG.cash.cardMethod,
          ],
          ["Bike", model],
          ["Seller", sellerName],
        ]}
      />
    </section>
  );
}
