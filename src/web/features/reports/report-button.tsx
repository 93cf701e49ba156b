import { Flag } from "lucide-react";
import { lazy, Suspense, useState } from "react";
import { MSG } from "#shared/messages.ts";
import type { Listing } from "#shared/schemas/listings.ts";
import { ApiError } from "#web/lib/api-client.ts";
import { useTexts } from "#web/lib/i18n.tsx";
import { useSendToSignin } from "#web/lib/send-to-signin.ts";
import { useSession } from "#web/lib/session.ts";
import { toast } from "#web/lib/toast.ts";
import { usePressWhenKnown } from "#web/lib/use-press-when-known.ts";
import { REPORT_TEXT } from "#web/texts/reports.ts";
import { useCreateReport } from "./api/create-report.ts";

/** The report form (react-hook-form and zod) loads when a buyer opens it or points at the button. */
const loadReportDialog = () => import("./report-dialog.tsx");
const ReportDialog = lazy(async () => ({ default: (await loadReportDialog()).ReportDialog }));

type ReportButtonProps = {
  listing: Pick<Listing, "id" | "model">;
  /** The server says this buyer has reported the bike already. */
  reportedByMe?: boolean;
  className?: string;
};

/**
 * "report to admin" → a reason → "reported" (disabled). Only buyers report; a signed-out visitor
 * is sent to sign in and brought back here. Sellers and admins do not see it.
 */
export function ReportButton({ listing, reportedByMe = false, className = "" }: ReportButtonProps) {
  const { user, isLoading } = useSession();
  const [open, setOpen] = useState(false);
  const [justReported, setJustReported] = useState(false);
  const createReport = useCreateReport();
  const sendToSignin = useSendToSignin();
  const T = useTexts(REPORT_TEXT).reportPages.reportButton;
  const reported = useTexts(MSG).report.reported;
  // Pressed before the session is known: carried out once it is (src/web/lib/use-press-when-known.ts).
  const report = usePressWhenKnown(isLoading, () => {
    if (!user) return sendToSignin();
    if (user.role === "buyer") setOpen(true);
  });

  if (user && user.role !== "buyer") return null;

  if (reportedByMe || justReported) {
    return (
      <button type="button" className={`btn btn-outline btn-error ${className}`} disabled>
        <Flag className="size-4" aria-hidden="true" />
        {T.reported}
      </button>
    );
  }

  const send = async (reason: string) => {
    try {
      await createReport.mutateAsync({ listingId: listing.id, reason });
    } catch (err) {
      if (err instanceof ApiError && err.status === 401) {
        setOpen(false);
        sendToSignin();
        throw err;
      }
      if (err instanceof ApiError && err.status === 409) {
        // Reported earlier (another tab, or a page that did not know): the button catches up.
        setJustReported(true);
        setOpen(false);
        toast.error(err.message);
      }
      // Otherwise the dialog stays open and says why.
      throw err;
    }
    setJustReported(true);
    setOpen(false);
    toast.success(reported);
  };

  return (
    <>
      <button
        type="button"
        className={`btn btn-outline btn-error ${className}`}
        aria-haspopup="dialog"
        onClick={() => report()}
        onPointerEnter={user ? loadReportDialog : undefined}
        onFocus={user ? loadReportDialog : undefined}
      >
        <Flag className="size-4" aria-hidden="true" />
        {T.report}
      </button>
      {user && open ? (
        <Suspense
          fallback={
            <span className="loading loading-spinner loading-sm" role="status" aria-label={T.opening} />
          }
        >
          <ReportDialog
            open
            onClose={() => setOpen(false)}
            onSubmit={send}
            isPending={createReport.isPending}
            model={listing.model}
          />
        </Suspense>
      ) : null}
    </>
  );
}
