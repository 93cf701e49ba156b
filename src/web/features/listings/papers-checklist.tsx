import { Check, Minus, X } from "lucide-react";
import { useId } from "react";
import type { Listing } from "#shared/schemas/listings.ts";
import { useTexts } from "#web/lib/i18n.tsx";
import { LISTING_PAGES_TEXT } from "#web/texts/listings.ts";

type PapersTexts = typeof LISTING_PAGES_TEXT.listingPages.papers;

const MONTHS = ["jan", "feb", "mar", "apr", "may", "jun", "jul", "aug", "sep", "oct", "nov", "dec"] as const;

/** "2027-06" → the month's name ("Jun"; Bangla "জুন") and its year, for a message to put together. */
function monthOf(month: string, T: PapersTexts): [name: string, year: number] {
  const [year, m] = month.split("-");
  const name = MONTHS[Number(m) - 1];
  return [name ? T.months[name] : (m ?? ""), Number(year)];
}

/** This month as "YYYY-MM" (UTC, as the server counts), which compares as text with a paper's month. */
const thisMonth = () => new Date().toISOString().slice(0, 7);

type State = "yes" | "no" | "unknown";

/** Between a paper and its answer, in every language. */
const SEPARATOR = ": ";

const icons = {
  yes: <Check className="size-5 text-success" aria-hidden="true" />,
  no: <X className="size-5 text-error" aria-hidden="true" />,
  unknown: <Minus className="size-5 text-base-content/50" aria-hidden="true" />,
} as const;

/** A paper valid until a month: valid through that month, expired after it, unknown when not given. */
function untilMonth(month: string | null, T: PapersTexts): { state: State; text: string } {
  if (!month) return { state: "unknown", text: T.notGiven };
  return month >= thisMonth()
    ? { state: "yes", text: T.validUntil(...monthOf(month, T)) }
    : { state: "no", text: T.expired(...monthOf(month, T)) };
}

/**
 * The bike's papers as a checklist: what a buyer in Bangladesh checks before paying. Each line says
 * its answer in words as well as by its icon (colour alone is never the message).
 */
export function PapersChecklist({ listing }: { listing: Listing }) {
  const T = useTexts(LISTING_PAGES_TEXT).listingPages.papers;
  const headingId = useId();
  const tax = untilMonth(listing.taxTokenUntil, T);
  const insurance = untilMonth(listing.insuranceUntil, T);
  const items: { label: string; state: State; text: string }[] = [
    {
      label: T.registration,
      state: listing.hasRegistration ? "yes" : "no",
      text: listing.hasRegistration ? T.present : T.missing,
    },
    { label: T.taxToken, ...tax },
    { label: T.insurance, ...insurance },
    {
      label: T.nameTransfer,
      state: listing.nameTransfer ? "yes" : "no",
      text: listing.nameTransfer ? T.willTransfer : T.notOffered,
    },
  ];
  return (
    <section aria-labelledby={headingId} className="rounded-box border border-base-300 p-4">
      <h2 id={headingId} className="mb-3 text-sm font-semibold text-base-content/70">
        {T.heading}
      </h2>
      <ul className="flex flex-col gap-2">
        {items.map((item) => (
          <li key={item.label} className="flex items-start gap-2">
            <span className="mt-0.5 shrink-0">{icons[item.state]}</span>
            <span className="min-w-0">
              <span className="font-medium">{item.label}</span>
              <span>{SEPARATOR}</span>
              <span className={item.state === "no" ? "text-error" : "text-base-content/80"}>{item.text}</span>
            </span>
          </li>
        ))}
      </ul>
    </section>
  );
}
