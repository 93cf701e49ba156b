import { ShieldCheck } from "lucide-react";
import { EmptyState } from "#web/components/empty-state.tsx";
import { ListFrame } from "#web/components/list-frame.tsx";
import { PageTitle } from "#web/components/page-title.tsx";
import { Spinner } from "#web/components/spinner.tsx";
import { useReportedItems } from "./api/get-reported-items.ts";
import { ReportedItemCard } from "./reported-item-card.tsx";

export default function ReportedItemsPage() {
  return (
    <section className="flex flex-col gap-6">
      <PageTitle>Reported items — MotoHaat</PageTitle>
      <h1 className="text-2xl font-bold">Reported items</h1>
      <ListFrame
        query={useReportedItems()}
        loading={<Spinner label="Loading reported items" />}
        empty={
          <EmptyState title="No reported items" icon={<ShieldCheck className="size-10" />}>
            When a buyer reports a bike, it shows up here with their reason.
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
