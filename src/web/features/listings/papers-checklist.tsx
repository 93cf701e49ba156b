import { Check, Minus, X } from "lucide-react";
import { useId } from "react";
import type { Listing } from "#shared/schemas/listings.ts";

const MONTHS = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"];

/** "2027-06" → "Jun 2027". */
export function formatMonth(month: string): string {
  const [year, m] = month.split("-");
  return `${MONTHS[Number(m) - 1] ?? m} ${year}`;
}

/** This month as "YYYY-MM" (UTC, as the server counts), which compares as text with a paper's month. */
const thisMonth = () => new Date().toISOString().slice(0, 7);

type State = "yes" | "no" | "unknown";

const icons = {
  yes: <Check className="size-5 text-success" aria-hidden="true" />,
  no: <X className="size-5 text-error" aria-hidden="true" />,
  unknown: <Minus className="size-5 text-base-content/50" aria-hidden="true" />,
} as const;

/** A paper valid until a month: valid through that month, expired after it, unknown when not given. */
function untilMonth(month: string | null): { state: State; text: string } {
  if (!month) return { state: "unknown", text: "not given" };
  return month >= thisMonth()
    ? { state: "yes", text: `valid until ${formatMonth(month)}` }
    : { state: "no", text: `expired ${formatMonth(month)}` };
}

/**
 * The bike's papers as a checklist: what a buyer in Bangladesh checks before paying. Each line says
 * its answer in words as well as by its icon (colour alone is never the message).
 */
export function PapersChecklist({ listing }: { listing: Listing }) {
  const headingId = useId();
  const tax = untilMonth(listing.taxTokenUntil);
  const insurance = untilMonth(listing.insuranceUntil);
  const items: { label: string; state: State; text: string }[] = [
    {
      label: "Registration papers (blue book / smart card)",
      state: listing.hasRegistration ? "yes" : "no",
      text: listing.hasRegistration ? "present" : "missing",
    },
    { label: "Tax token", ...tax },
    { label: "Insurance", ...insurance },
    {
      label: "Name transfer to the buyer",
      state: listing.nameTransfer ? "yes" : "no",
      text: listing.nameTransfer ? "the seller will transfer it" : "not offered",
    },
  ];
  return (
    <section aria-labelledby={headingId} className="rounded-box border border-base-300 p-4">
      <h2 id={headingId} className="mb-3 text-sm font-semibold text-base-content/70">
        Papers
      </h2>
      <ul className="flex flex-col gap-2">
        {items.map((item) => (
          <li key={item.label} className="flex items-start gap-2">
            <span className="mt-0.5 shrink-0">{icons[item.state]}</span>
            <span className="min-w-0">
              <span className="font-medium">{item.label}</span>
              <span>: </span>
              <span className={item.state === "no" ? "text-error" : "text-base-content/80"}>{item.text}</span>
            </span>
          </li>
        ))}
      </ul>
    </section>
  );
}
