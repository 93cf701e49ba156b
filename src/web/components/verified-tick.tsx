import { BadgeCheck } from "lucide-react";
import { useTexts } from "#web/lib/i18n.tsx";
import { BROWSE_PAGES_TEXT } from "#web/texts/browse.ts";

/** The green tick beside a verified seller's name; named for screen readers, titled for a mouse. */
export function VerifiedTick({ className = "size-5" }: { className?: string }) {
  const T = useTexts(BROWSE_PAGES_TEXT).browsePages.common;
  return (
    <span
      role="img"
      aria-label={T.verifiedSeller}
      title={T.verifiedSeller}
      className="inline-flex text-success"
    >
      <BadgeCheck className={className} aria-hidden="true" />
    </span>
  );
}
