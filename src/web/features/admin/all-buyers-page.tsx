import { Users } from "lucide-react";
import { EmptyState } from "#web/components/empty-state.tsx";
import { ListFrame } from "#web/components/list-frame.tsx";
import { PageTitle } from "#web/components/page-title.tsx";
import { PeopleTable, phoneColumn } from "#web/components/people-table.tsx";
import { Spinner } from "#web/components/spinner.tsx";
import { useAllBuyers } from "./api/get-buyers.ts";

export default function AllBuyersPage() {
  return (
    <section className="flex flex-col gap-6">
      <PageTitle>All buyers — MotoHaat</PageTitle>
      <h1 className="text-2xl font-bold">All buyers</h1>
      <ListFrame
        query={useAllBuyers()}
        loading={<Spinner label="Loading buyers" />}
        empty={
          <EmptyState title="No buyers yet" icon={<Users className="size-10" />}>
            Buyers show up here once they book a bike.
          </EmptyState>
        }
      >
        {(buyers) => (
          <PeopleTable
            caption="Every buyer with at least one order"
            people={buyers}
            columns={[phoneColumn]}
          />
        )}
      </ListFrame>
    </section>
  );
}
