import { Users } from "lucide-react";
import type { AdminSeller } from "#shared/schemas/admin.ts";
import { EmptyState } from "#web/components/empty-state.tsx";
import { ListFrame } from "#web/components/list-frame.tsx";
import { PageTitle } from "#web/components/page-title.tsx";
import { type PeopleColumn, PeopleTable } from "#web/components/people-table.tsx";
import { Spinner } from "#web/components/spinner.tsx";
import { useFormat, useTexts } from "#web/lib/i18n.tsx";
import { DASHBOARD_SCREENS_TEXT } from "#web/texts/dashboard-screens.ts";
import { useSellers } from "./api/get-sellers.ts";
import { VerifyButton } from "./verify-button.tsx";

type Texts = typeof DASHBOARD_SCREENS_TEXT.dashboardScreens.allSellers;
type Format = ReturnType<typeof useFormat>;

/** The table's own columns, in the page's language (`T`) and its way of writing numbers and dates. */
const columns = (T: Texts, format: Format): PeopleColumn<AdminSeller>[] => [
  {
    header: T.listings,
    // Bikes listed in any state; those an admin removed are not counted.
    cell: (seller) => <span className="tabular-nums">{format.number(seller.listings)}</span>,
  },
  {
    header: T.joined,
    cell: (seller) => (
      <time dateTime={seller.joinedAt} className="whitespace-nowrap">
        {format.date(seller.joinedAt)}
      </time>
    ),
  },
  { header: T.verification, cell: (seller) => <VerifyButton seller={seller} />, actions: true },
];

export default function AllSellersPage() {
  const T = useTexts(DASHBOARD_SCREENS_TEXT).dashboardScreens.allSellers;
  const format = useFormat();
  return (
    <section className="flex flex-col gap-6">
      <PageTitle>{T.title}</PageTitle>
      <h1 className="text-2xl font-bold">{T.heading}</h1>
      <ListFrame
        query={useSellers()}
        loading={<Spinner label={T.loading} />}
        empty={
          <EmptyState title={T.emptyTitle} icon={<Users className="size-10" />}>
            {T.emptyHint}
          </EmptyState>
        }
      >
        {(sellers) => <PeopleTable caption={T.caption} people={sellers} columns={columns(T, format)} />}
      </ListFrame>
    </section>
  );
}
