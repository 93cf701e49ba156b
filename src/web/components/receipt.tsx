import { useId } from "react";
import type { Receipt as OrderReceipt } from "#shared/schemas/orders.ts";
import { TALK_MSG } from "#shared/talk-messages.ts";
import { useFormat, useTexts } from "#web/lib/i18n.tsx";
import { BROWSE_PAGES_TEXT } from "#web/texts/browse.ts";
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
  const T = useTexts(BROWSE_PAGES_TEXT).browsePages.receipt;
  const cash = useTexts(TALK_MSG).cash;
  const format = useFormat();
  return (
    <section aria-labelledby={titleId} className="rounded-box border border-base-300 p-3 text-sm">
      <h3 id={titleId} className="mb-2 font-semibold">
        {T.heading}
      </h3>
      <Facts
        facts={[
          [
            T.paymentId,
            <span key="id" className="font-mono break-all">
              {receipt.paymentId}
            </span>,
          ],
          [T.amount, <Price key="amount" amount={receipt.amount} className="font-semibold" />],
          [
            T.paidOn,
            <time key="paid" dateTime={receipt.paidAt}>
              {format.date(receipt.paidAt)}
            </time>,
          ],
          [cash.receiptMethod, receipt.method === "cash" ? cash.cashMethod : cash.cardMethod],
          [T.bike, model],
          [T.seller, sellerName],
        ]}
      />
    </section>
  );
}
