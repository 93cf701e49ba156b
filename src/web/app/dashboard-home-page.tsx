import { BadgeCheck } from "lucide-react";
import { useId } from "react";
import { Link } from "react-router";
import { MSG } from "#shared/messages.ts";
import type { Role } from "#shared/schemas/auth.ts";
import type { Overview } from "#shared/schemas/overview.ts";
import { LoadError } from "#web/components/load-error.tsx";
import { PageTitle } from "#web/components/page-title.tsx";
import { Spinner } from "#web/components/spinner.tsx";
import { UserAvatar } from "#web/components/user-avatar.tsx";
import { paths } from "#web/config/paths.ts";
import { AddPhoneNotice } from "#web/features/orders/add-phone-notice.tsx";
import { holdTimeLeft, useNow } from "#web/lib/hold-time.ts";
import { useFormat, useTexts } from "#web/lib/i18n.tsx";
import { useSession } from "#web/lib/session.ts";
import { DASHBOARD_PAGES_TEXT } from "#web/texts/dashboard.ts";
import { DASHBOARD_SCREENS_TEXT } from "#web/texts/dashboard-screens.ts";
import { useOverview } from "./overview-api.ts";

type StepLink = { label: string; to: string };
type Step = {
  label: string;
  /** What the count is about; the buyer's says how long the first hold has left. */
  hint: string | null;
  /** Null while the counts load: the card is already laid out, only the number is missing. */
  count: number | null;
  links: StepLink[];
  /** Something waits for this person (unpaid bookings, reports): the first link stands out. */
  attention?: boolean;
};

function StepCard({ label, hint, count, links, attention = false }: Step) {
  const id = useId();
  const format = useFormat();
  return (
    <li
      aria-labelledby={id}
      className={`card border bg-base-100 shadow-sm ${attention ? "border-warning" : "border-base-300"}`}
    >
      <div className="card-body gap-1 p-5">
        <h3 id={id} className="font-semibold">
          {label}
        </h3>
        {count === null ? (
          <span className="skeleton my-0.5 h-8 w-12" aria-hidden="true" />
        ) : (
          <p className="text-3xl leading-9 font-bold tabular-nums">{format.number(count)}</p>
        )}
        {/* A line kept even while loading, so the card's height does not change when the counts arrive. */}
        <p className="min-h-5 text-sm text-base-content/80">{hint}</p>
        <div className="card-actions mt-auto pt-2">
          {links.map((link, i) => (
            <Link
              key={link.to}
              to={link.to}
              className={`btn btn-sm ${i > 0 ? "btn-ghost" : attention ? "btn-primary" : "btn-outline"}`}
            >
              {link.label}
            </Link>
          ))}
        </div>
      </div>
    </li>
  );
}

/**
 * Each role's cards; `overview` undefined while loading (same cards, no counts). `msg`: MSG in the
 * page's language (`useTexts(MSG)`).
 */
function steps(role: Role, overview: Overview | undefined, now: number, msg: typeof MSG): Step[] {
  const d = paths.dashboard;
  const O = msg.overview;
  const counts: Partial<Record<string, unknown>> = overview ?? {};
  const n = (key: string) => {
    const value = counts[key];
    return typeof value === "number" ? value : null;
  };
  /** A count of things that wait for this person: above zero, its card stands out. */
  const waiting = (key: string) => {
    const count = n(key);
    return { count, attention: (count ?? 0) > 0 };
  };
  switch (role) {
    case "buyer": {
      const { count: held, attention } = waiting("heldOrders");
      const ends = overview?.role === "buyer" ? overview.nextHoldEndsAt : null;
      const left = holdTimeLeft(ends, now, msg);
      return [
        {
          label: O.buyerHeld,
          count: held,
          hint: held === null ? null : left ? O.buyerTimeLeft(left) : O.buyerNothingHeld,
          links:
            held === 0
              ? [{ label: O.buyerBrowse, to: paths.listings.getHref("all") }]
              : [{ label: O.buyerPay, to: d.myOrders.getHref() }],
          attention,
        },
      ];
    }
    case "seller":
      return [
        {
          label: O.sellerForSale,
          count: n("forSale"),
          hint: O.sellerForSaleHint,
          links: [
            { label: O.sellerProducts, to: d.myListings.getHref() },
            { label: O.sellerAdd, to: d.addListing.getHref() },
          ],
        },
        {
          label: O.sellerHeld,
          ...waiting("held"),
          hint: O.sellerHeldHint,
          links: [{ label: O.sellerBuyers, to: d.myBuyers.getHref() }],
        },
        {
          label: O.sellerSold,
          count: n("sold"),
          hint: O.sellerSoldHint,
          links: [{ label: O.sellerBuyers, to: d.myBuyers.getHref() }],
        },
        {
          label: O.sellerUnpaid,
          count: n("unpaid"),
          hint: O.sellerUnpaidHint,
          links: [{ label: O.sellerProducts, to: d.myListings.getHref() }],
        },
      ];
    case "admin":
      return [
        {
          label: O.adminReports,
          ...waiting("openReports"),
          hint: O.adminReportsHint,
          links: [{ label: O.adminReview, to: d.reportedItems.getHref() }],
        },
        {
          label: O.adminUnverified,
          ...waiting("unverifiedSellers"),
          hint: O.adminUnverifiedHint,
          links: [{ label: O.adminVerify, to: d.allSellers.getHref() }],
        },
      ];
  }
}

function NextSteps({ role }: { role: Role }) {
  const overview = useOverview();
  const now = useNow();
  const msg = useTexts(MSG);
  // A stale answer of another role (a different account signed in on this tab) is not shown.
  const data = overview.data?.role === role ? overview.data : undefined;
  return (
    <section aria-labelledby="next-steps" className="flex flex-col gap-3">
      <h2 id="next-steps" className="text-xl font-bold">
        {msg.overview.title}
      </h2>
      {overview.error && !data ? (
        <LoadError error={overview.error} onRetry={overview.refetch} />
      ) : (
        <ul className="grid gap-4 sm:grid-cols-2" aria-busy={data ? undefined : true}>
          {steps(role, data, now, msg).map((step) => (
            <StepCard key={step.label} {...step} />
          ))}
        </ul>
      )}
      {/* A seller whose bike is booked and who has given no phone is asked for one (the buyer calls
          it): below the steps, so its arrival moves nothing. */}
      {data?.role === "seller" && data.held + data.sold > 0 ? <AddPhoneNotice /> : null}
    </section>
  );
}

export default function DashboardHomePage() {
  const T = useTexts(DASHBOARD_PAGES_TEXT).dashboardPages;
  const S = useTexts(DASHBOARD_SCREENS_TEXT).dashboardScreens;
  const { user } = useSession();
  if (!user) return <Spinner />;
  return (
    <section className="flex flex-col gap-6">
      <PageTitle>{S.home.title}</PageTitle>
      <div className="card border border-base-300 bg-base-100 shadow-sm">
        <div className="card-body flex-col gap-4 sm:flex-row sm:items-center">
          <UserAvatar user={user} size="size-20" />
          <div className="flex min-w-0 flex-col gap-1">
            <h1 className="text-2xl font-bold">{S.home.welcome(user.name)}</h1>
            <p className="flex flex-wrap items-center gap-2 text-base-content/80">
              <span className="badge badge-primary">{T.roles[user.role]}</span>
              <span className="break-all">{user.email}</span>
              {user.role === "seller" && user.verified ? (
                <span className="inline-flex items-center gap-1 text-success">
                  <BadgeCheck className="size-4" aria-hidden="true" />
                  {S.home.verifiedSeller}
                </span>
              ) : null}
            </p>
            <p>{S.home.intro[user.role]}</p>
          </div>
        </div>
      </div>
      <NextSteps role={user.role} />
    </section>
  );
}
