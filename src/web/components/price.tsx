import { formatTaka } from "#shared/format.ts";

type PriceProps = {
  /** Whole taka. */
  amount: number;
  className?: string;
};

/** A price as `৳1,50,000`; the raw number stays machine-readable in `value`. */
export function Price({ amount, className }: PriceProps) {
  return (
    <data value={amount} className={className}>
      {formatTaka(amount)}
    </data>
  );
}
