import { Users } from "lucide-react";
import { formatDate, formatNumber } from "#shared/format.ts";
import type { AdminSeller } from "#shared/schemas/admin.ts";
import { EmptyState } from "#web/components/empty-state.tsx";
import { ListFrame } from "#web/components/list-frame.tsx";
import { PageTitle } from "#web/components/page-title.tsx";
import { type PeopleColumn, PeopleTable } from "#web/components/people-table.tsx";
import { Spinner } from "#web/components/spinner.tsx";
import { useSellers } from "./api/get-sellers.ts";
import { VerifyButton } from "./verify-button.tsx";

const columns: PeopleColumn<AdminSeller>[] = [
  {
    header: "Listings",
    // Bikes listed in any state; those an admin removed are not counted.
    cell: (seller) => <span className="tabular-nums">{formatNumber(seller.listings)}</span>,
  },
  {
    header: "Joined",
    cell: (seller) => (
      <time dateTime={seller.joinedAt} className="whitespace-nowrap">
        {formatDate(seller.joinedAt)}
      </time>
    ),
  },
  { header: "Verification", cell: (seller) => <VerifyButton seller={seller} />, actions: true },
];

export default function AllSellersPage() {
  return (
    <section className="flex flex-col gap-6">
      <PageTitle>All sellers — MotoHaat</PageTitle>
      <h1 className="text-2xl font-bold">All sellers</h1>
      <ListFrame
        query={useSellers()}
        loading={<Spinner label="Loading sellers" />}
        empty={
          <EmptyState title="No sellers yet" icon={<Users className="size-10" />}>
            Sellers show up here once they sign up.
          </EmptyState>
        }
      >
        {(sellers) => <PeopleTable caption="Every seller on MotoHaat" people={sellers} columns={columns} />}
      </ListFrame>
    </section>
  );
}
