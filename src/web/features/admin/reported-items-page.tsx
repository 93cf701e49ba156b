import { ShieldCheck } from "lucide-react";
import { EmptyState } from "#web/components/empty-state.tsx";
import { ListFrame } from "#web/components/list-frame.tsx";
import { PageTitle } from "#web/components/page-title.tsx";
import { Spinner } from "#web/components/spinner.tsx";
import { useTexts } from "#web/lib/i18n.tsx";
import { DASHBOARD_SCREENS_TEXT } from "#web/texts/dashboard-screens.ts";
import { useReportedItems } from "./api/get-reported-items.ts";
import { ReportedItemCard } from "./reported-item-card.tsx";

export default function ReportedItemsPage() {
  const T = useTexts(DASHBOARD_SCREENS_TEXT).dashboardScreens.reportedItems;
  return (
    <section className="flex flex-col gap-6">
      <PageTitle>{T.title}</PageTitle>
      <h1 className="text-2xl font-bold">{T.heading}</h1>
      <ListFrame
        query={useReportedItems()}
        loading={<Spinner label={T.loading} />}
        empty={
          <EmptyState title={T.emptyTitle} icon={<ShieldCheck className="size-10" />}>
            {T.emptyHint}
          </EmptyState>
        }
      >
        {(items) => (
          <ul className="grid grid-cols-1 gap-6 md:grid-cols-2 xl:grid-cols-3">
            {items.map((item) => (
              <li key={item.listing.id}>
                <ReportedItemCard item={item} />
              </li>
            ))}
          </ul>
        )}
      </ListFrame>
    </section>
  );
}
