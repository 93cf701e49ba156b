import { MSG } from "#shared/messages.ts";
import { LoadError } from "#web/components/load-error.tsx";
import { LoadMore } from "#web/components/load-more.tsx";
import { PeopleTable, phoneColumn } from "#web/components/people-table.tsx";
import { Spinner } from "#web/components/spinner.tsx";
import { allItems } from "#web/lib/paging.ts";
import { useMyBuyers } from "./api/get-my-buyers.ts";

export default function MyBuyersPage() {
  const query = useMyBuyers();
  return (
    <section className="flex flex-col gap-6">
      <title>My buyers — MotoHaat</title>
      <h1 className="text-2xl font-bold">My buyers</h1>
      {query.isPending ? (
        <Spinner block label="Loading your buyers" />
      ) : query.isError ? (
        <LoadError error={query.error} onRetry={query.refetch} />
      ) : (
        <>
          <PeopleTable
            caption="People who bought your bikes"
            people={allItems(query.data)}
            emptyText={MSG.order.noBuyersYet}
            emptyHint="When a buyer books one of your bikes, they show up here with their phone number."
            columns={[phoneColumn]}
          />
          <LoadMore {...query} />
        </>
      )}
    </section>
  );
}
