import { Users } from "lucide-react";
import { MSG } from "#shared/messages.ts";
import type { AdminBuyer } from "#shared/schemas/admin.ts";
import { EmptyState } from "#web/components/empty-state.tsx";
import { ListFrame } from "#web/components/list-frame.tsx";
import { PageTitle } from "#web/components/page-title.tsx";
import { type PeopleColumn, PeopleTable } from "#web/components/people-table.tsx";
import { Spinner } from "#web/components/spinner.tsx";
import { useFormat, useTexts } from "#web/lib/i18n.tsx";
import { DASHBOARD_SCREENS_TEXT } from "#web/texts/dashboard-screens.ts";
import { useAllBuyers } from "./api/get-buyers.ts";

type Texts = typeof DASHBOARD_SCREENS_TEXT.dashboardScreens.allBuyers;
type Format = ReturnType<typeof useFormat>;

/** The table's own columns, in the page's language (`T`) and its way of writing numbers and dates. */
const columns = (T: Texts, format: Format): PeopleColumn<AdminBuyer>[] => [
  {
    header: T.bookings,
    // Every booking they made, held, paid or ended.
    cell: (buyer) => <span className="tabular-nums">{format.number(buyer.bookings)}</span>,
  },
  {
    header: T.joined,
    cell: (buyer) => (
      <time dateTime={buyer.joinedAt} className="whitespace-nowrap">
        {format.date(buyer.joinedAt)}
      </time>
    ),
  },
];

export default function AllBuyersPage() {
  const T = useTexts(DASHBOARD_SCREENS_TEXT).dashboardScreens.allBuyers;
  const msg = useTexts(MSG);
  const format = useFormat();
  return (
    <section className="flex flex-col gap-6">
      <PageTitle>{T.title}</PageTitle>
      <h1 className="text-2xl font-bold">{T.heading}</h1>
      <ListFrame
        query={useAllBuyers()}
        loading={<Spinner label={T.loading} />}
        empty={
          <EmptyState title={T.emptyTitle} icon={<Users className="size-10" />}>
            {msg.admin.noBuyersYet}
          </EmptyState>
        }
      >
        {(buyers) => <PeopleTable caption={T.caption} people={buyers} columns={columns(T, format)} />}
      </ListFrame>
    </section>
  );
}
