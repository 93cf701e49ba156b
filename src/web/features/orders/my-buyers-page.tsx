import { Users } from "lucide-react";
import { MSG } from "#shared/messages.ts";
import { EmptyState } from "#web/components/empty-state.tsx";
import { ListFrame } from "#web/components/list-frame.tsx";
import { PageTitle } from "#web/components/page-title.tsx";
import { PeopleTable, phoneColumn } from "#web/components/people-table.tsx";
import { Spinner } from "#web/components/spinner.tsx";
import { useMyBuyers } from "./api/get-my-buyers.ts";

export default function MyBuyersPage() {
  return (
    <section className="flex flex-col gap-6">
      <PageTitle>My buyers — MotoHaat</PageTitle>
      <h1 className="text-2xl font-bold">My buyers</h1>
      <ListFrame
        query={useMyBuyers()}
        loading={<Spinner label="Loading your buyers" />}
        empty={
          <EmptyState title={MSG.order.noBuyersYet} icon={<Users className="size-10" />}>
            When a buyer books one of your bikes, they show up here with their phone number.
          </EmptyState>
        }
      >
        {(buyers) => (
          <PeopleTable caption="People who bought your bikes" people={buyers} columns={[phoneColumn]} />
        )}
      </ListFrame>
    </section>
  );
}
