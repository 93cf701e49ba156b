import type { ReactNode } from "react";

/** A card's or page's facts as term and value, the terms muted and the values right-aligned. */
export function Facts({ facts, className = "" }: { facts: [string, ReactNode][]; className?: string }) {
  return (
    <dl className={`grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 ${className}`}>
      {facts.map(([term, value]) => (
        <div key={term} className="contents">
          <dt className="text-base-content/70">{term}</dt>
          <dd className="min-w-0 break-words text-right">{value}</dd>
        </div>
      ))}
    </dl>
  );
}
