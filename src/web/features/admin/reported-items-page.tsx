import { ShieldCheck } from "lucide-react";
import { EmptyState } from "#web/components/empty-state.tsx";
import { LoadError } from "#web/components/load-error.tsx";
import { LoadMore } from "#web/components/load-more.tsx";
import { Spinner } from "#web/components/spinner.tsx";
import { allItems } from "#web/lib/paging.ts";
import { useReportedItems } from "./api/get-reported-items.ts";
import { ReportedItemCard } from "./reported-item-card.tsx";

export default function ReportedItemsPage() {
  const query = useReportedItems();
  const items = allItems(query.data);
  return (
    <section className="flex flex-col gap-6">
      <title>Reported items — MotoHaat</title>
      <h1 className="text-2xl font-bold">Reported items</h1>
      {query.isPending ? (
        <Spinner block label="Loading reported items" />
      ) : query.isError ? (
        <LoadError error={query.error} onRetry={query.refetch} />
      ) : items.length === 0 ? (
        <EmptyState title="No reported items" icon={<ShieldCheck className="size-10" />}>
          When a buyer reports a bike, it shows up here with their reason.
        </EmptyState>
      ) : (
        <>
          <ul className="grid grid-cols-1 gap-6 md:grid-cols-2 xl:grid-cols-3">
            {items.map((item) => (
              <li key={item.listing.id}>
                <ReportedItemCard item={item} />
              </li>
            ))}
          </ul>
          <LoadMore {...query} />
        </>
      )}
    </section>
  );
}
