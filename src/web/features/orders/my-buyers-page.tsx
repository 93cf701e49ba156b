import { Users } from "lucide-react";
import { MSG } from "#shared/messages.ts";
import { EmptyState } from "#web/components/empty-state.tsx";
import { ListFrame } from "#web/components/list-frame.tsx";
import { PageTitle } from "#web/components/page-title.tsx";
import { Spinner } from "#web/components/spinner.tsx";
import { useTexts } from "#web/lib/i18n.tsx";
import { DEAL_PAGES_TEXT } from "#web/texts/deals.ts";
import { AddPhoneNotice } from "./add-phone-notice.tsx";
import { useMyBuyers } from "./api/get-my-buyers.ts";
import { SellerBookingCard } from "./seller-booking-card.tsx";

/**
 * Every booking of the seller's bikes, newest first, as cards: one column on a phone, two from a
 * laptop's width, so each booking reads whole without a table scrolling sideways.
 */
export default function MyBuyersPage() {
  const T = useTexts(DEAL_PAGES_TEXT).dealPages.myBuyers;
  const msg = useTexts(MSG);
  return (
    <section className="flex flex-col gap-6">
      <PageTitle>{T.title}</PageTitle>
      <h1 className="text-2xl font-bold">{T.heading}</h1>
      <ListFrame
        query={useMyBuyers()}
        loading={<Spinner label={T.loading} />}
        empty={
          <EmptyState title={msg.order.noBuyersYet} icon={<Users className="size-10" />}>
            {msg.sellerBooking.emptyHint}
          </EmptyState>
        }
      >
        {(bookings) => (
          <>
            {bookings.some((b) => b.status === "held" || b.status === "paid") ? <AddPhoneNotice /> : null}
            <ul aria-label={T.listLabel} className="grid grid-cols-1 gap-4 lg:grid-cols-2">
              {bookings.map((booking) => (
                <li key={booking.id}>
                  <SellerBookingCard booking={booking} />
                </li>
              ))}
            </ul>
          </>
        )}
      </ListFrame>
    </section>
  );
}
