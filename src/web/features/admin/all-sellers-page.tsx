import type { Seller } from "#shared/schemas/people.ts";
import { LoadError } from "#web/components/load-error.tsx";
import { LoadMore } from "#web/components/load-more.tsx";
import { type PeopleColumn, PeopleTable } from "#web/components/people-table.tsx";
import { Spinner } from "#web/components/spinner.tsx";
import { allItems } from "#web/lib/paging.ts";
import { useSellers } from "./api/get-sellers.ts";
import { VerifyButton } from "./verify-button.tsx";

const verifyColumn: PeopleColumn<Seller> = {
  header: "Verification",
  cell: (seller) => <VerifyButton seller={seller} />,
};

export default function AllSellersPage() {
  const query = useSellers();
  return (
    <section className="flex flex-col gap-6">
      <title>All sellers — MotoHaat</title>
      <h1 className="text-2xl font-bold">All sellers</h1>
      {query.isPending ? (
        <Spinner block label="Loading sellers" />
      ) : query.isError ? (
        <LoadError error={query.error} onRetry={query.refetch} />
      ) : (
        <>
          <PeopleTable
            caption="Every seller on MotoHaat"
            people={allItems(query.data)}
            emptyText="No sellers yet"
            emptyHint="Sellers show up here once they sign up."
            columns={[verifyColumn]}
          />
          <LoadMore {...query} />
        </>
      )}
    </section>
  );
}
