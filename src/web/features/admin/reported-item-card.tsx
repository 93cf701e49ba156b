import { Flag } from "lucide-react";
import { useState } from "react";
import { Link } from "react-router";
import { MSG } from "#shared/messages.ts";
import type { ReportedListing } from "#shared/schemas/reports.ts";
import { BikeCard } from "#web/components/bike-card.tsx";
import { ConfirmDialog } from "#web/components/confirm-dialog.tsx";
import { PendingButton } from "#web/components/pending-button.tsx";
import { Price } from "#web/components/price.tsx";
import { VerifiedTick } from "#web/components/verified-tick.tsx";
import { paths } from "#web/config/paths.ts";
import { errorMessage } from "#web/lib/api-client.ts";
import { useFormat, useTexts } from "#web/lib/i18n.tsx";
import { usePlaceNames } from "#web/lib/place-names.ts";
import { toast } from "#web/lib/toast.ts";
import { DASHBOARD_SCREENS_TEXT } from "#web/texts/dashboard-screens.ts";
import { useDismissReports } from "./api/dismiss-reports.ts";
import { useRemoveListing } from "./api/remove-listing.ts";

const failed = (err: Error) => toast.error(errorMessage(err));

/**
 * A reported bike with every reason given, and the admin's two answers: dismiss or remove. The
 * title opens the bike's page as buyers see it; the seller's name opens their public page, and
 * their email is there to write to them about the report.
 */
export function ReportedItemCard({ item }: { item: ReportedListing }) {
  const { listing, seller, reports } = item;
  const T = useTexts(DASHBOARD_SCREENS_TEXT).dashboardScreens.reportedCard;
  const msg = useTexts(MSG);
  const format = useFormat();
  const places = usePlaceNames();
  const [confirming, setConfirming] = useState(false);
  const dismiss = useDismissReports();
  const remove = useRemoveListing();
  const busy = dismiss.isPending || remove.isPending;

  return (
    <BikeCard
      photo={listing.photo}
      model={listing.model}
      title={
        <Link to={paths.listingDetails.getHref(listing.id)} className="link link-hover">
          {listing.model}
        </Link>
      }
      badge={<span className="badge badge-secondary badge-outline">{listing.brand}</span>}
      overlay={
        <span className="badge badge-error absolute top-3 left-3 z-10 gap-1 font-semibold">
          <Flag className="size-3" aria-hidden="true" />
          {T.reported}
        </span>
      }
    >
      <p className="flex flex-wrap items-center gap-x-3 gap-y-1 text-sm text-base-content/80">
        <Price amount={listing.askingPrice} className="font-semibold text-base-content" />
        <span>{places.category(listing.category.slug)}</span>
      </p>
      <p className="flex flex-wrap items-center gap-x-2 gap-y-1 text-sm">
        <span className="inline-flex items-center gap-1">
          {msg.admin.sellerLabel}
          <Link to={paths.sellers.getHref(seller.id)} className="link link-hover font-medium">
            {seller.name}
          </Link>
          {listing.seller.verified ? <VerifiedTick className="size-4" /> : null}
        </span>
        <a href={`mailto:${seller.email}`} className="link link-hover break-all text-base-content/70">
          {seller.email}
        </a>
      </p>
      <section aria-label={T.reports} className="flex flex-col gap-2">
        <h3 className="text-sm font-semibold">{T.reportCount(reports.length)}</h3>
        <ul className="flex flex-col gap-2">
          {reports.map((r) => (
            <li key={r.id} className="rounded-box bg-base-200 p-3 text-sm">
              <p className="whitespace-pre-line break-words">{r.reason}</p>
              <p className="mt-1 text-xs text-base-content/70">
                <span className="font-medium text-base-content/90">{r.reporter.name}</span>{" "}
                <span className="break-all">{T.reporterEmail(r.reporter.email)}</span>
                {" · "}
                <time dateTime={r.reportedAt} className="whitespace-nowrap">
                  {format.date(r.reportedAt)}
                </time>
              </p>
            </li>
          ))}
        </ul>
      </section>
      <div className="card-actions mt-auto justify-end">
        <PendingButton
          type="button"
          className="btn btn-outline btn-sm"
          pending={dismiss.isPending}
          spinnerSize="xs"
          // Either answer settles the item: while one runs, the other waits.
          disabled={remove.isPending}
          onClick={() =>
            dismiss.mutate(listing.id, {
              onSuccess: () => toast.success(T.dismissed),
              onError: failed,
            })
          }
        >
          {T.dismiss}
        </PendingButton>
        <button
          type="button"
          className="btn btn-error btn-sm"
          disabled={busy}
          onClick={() => setConfirming(true)}
        >
          {T.removeListing}
        </button>
      </div>
      <ConfirmDialog
        open={confirming}
        title={T.confirmTitle}
        message={T.confirmMessage(listing.model)}
        confirmLabel={T.confirmLabel}
        isPending={remove.isPending}
        onCancel={() => setConfirming(false)}
        onConfirm={() =>
          remove.mutate(listing.id, {
            onSuccess: () => {
              setConfirming(false);
              toast.success(msg.admin.listingRemoved);
            },
            onError: (err) => {
              setConfirming(false);
              failed(err);
            },
          })
        }
      />
    </BikeCard>
  );
}
