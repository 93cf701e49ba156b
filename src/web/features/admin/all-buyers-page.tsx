import { Users } from "lucide-react";
import { formatDate, formatNumber } from "#shared/format.ts";
import { MSG } from "#shared/messages.ts";
import type { AdminBuyer } from "#shared/schemas/admin.ts";
import { EmptyState } from "#web/components/empty-state.tsx";
import { ListFrame } from "#web/components/list-frame.tsx";
import { PageTitle } from "#web/components/page-title.tsx";
import { type PeopleColumn, PeopleTable } from "#web/components/people-table.tsx";
import { Spinner } from "#web/components/spinner.tsx";
import { useAllBuyers } from "./api/get-buyers.ts";

const columns: PeopleColumn<AdminBuyer>[] = [
  {
    header: "Bookings",
    // Every booking they made, held, paid or ended.
    cell: (buyer) => <span className="tabular-nums">{formatNumber(buyer.bookings)}</span>,
  },
  {
    header: "Joined",
    cell: (buyer) => (
      <time dateTime={buyer.joinedAt} className="whitespace-nowrap">
        {formatDate(buyer.joinedAt)}
      </time>
    ),
  },
];

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
            {MSG.admin.noBuyersYet}
          </EmptyState>
        }
      >
        {(buyers) => (
          <PeopleTable caption="Every buyer account on MotoHaat" people={buyers} columns={columns} />
        )}
      </ListFrame>
    </section>
  );
}
