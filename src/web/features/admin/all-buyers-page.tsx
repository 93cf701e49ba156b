import { LoadError } from "#web/components/load-error.tsx";
import { LoadMore } from "#web/components/load-more.tsx";
import { PeopleTable, phoneColumn } from "#web/components/people-table.tsx";
import { Spinner } from "#web/components/spinner.tsx";
import { allItems } from "#web/lib/paging.ts";
import { useAllBuyers } from "./api/get-buyers.ts";

export default function AllBuyersPage() {
  const query = useAllBuyers();
  return (
    <section className="flex flex-col gap-6">
      <title>All buyers — MotoHaat</title>
      <h1 className="text-2xl font-bold">All buyers</h1>
      {query.isPending ? (
        <Spinner block label="Loading buyers" />
      ) : query.isError ? (
        <LoadError error={query.error} onRetry={query.refetch} />
      ) : (
        <>
          <PeopleTable
            caption="Every buyer with at least one order"
            people={allItems(query.data)}
            emptyText="No buyers yet"
            emptyHint="Buyers show up here once they book a bike."
            columns={[phoneColumn]}
          />
          <LoadMore {...query} />
        </>
      )}
    </section>
  );
}
