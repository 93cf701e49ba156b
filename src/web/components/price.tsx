import { useFormat } from "#web/lib/i18n.tsx";

type PriceProps = {
  /** Whole taka. */
  amount: number;
  className?: string;
};

/** A price as `৳1,50,000`; the raw number stays machine-readable in `value`. */
export function Price({ amount, className }: PriceProps) {
  const format = useFormat();
  return (
    <data value={amount} className={className}>
      {format.taka(amount)}
    </data>
  );
}
