import { BadgeCheck } from "lucide-react";

/** The green tick beside a verified seller's name; named for screen readers, titled for a mouse. */
export function VerifiedTick({ className = "size-5" }: { className?: string }) {
  return (
    <span
      role="img"
      aria-label="Verified seller"
      title="Verified seller"
      className="inline-flex text-success"
    >
      <BadgeCheck className={className} aria-hidden="true" />
    </span>
  );
}
