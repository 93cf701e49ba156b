import { useTexts } from "#web/lib/i18n.tsx";
import { BROWSE_PAGES_TEXT } from "#web/texts/browse.ts";

/**
 * A page or section that is still loading: a spinner centred in a block of generous height, named
 * for screen readers by `label` ("Loading" when it is the whole page).
 */
export function Spinner({ label }: { label?: string }) {
  const T = useTexts(BROWSE_PAGES_TEXT).browsePages.common;
  return (
    <div className="flex min-h-[40vh] items-center justify-center p-8">
      <span
        role="status"
        aria-label={label ?? T.loading}
        className="loading loading-spinner loading-lg text-primary"
      />
    </div>
  );
}
