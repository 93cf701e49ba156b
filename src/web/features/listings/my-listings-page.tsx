import { Bike, Plus } from "lucide-react";
import { Link } from "react-router";
import { MSG } from "#shared/messages.ts";
import { EmptyState } from "#web/components/empty-state.tsx";
import { ListFrame } from "#web/components/list-frame.tsx";
import { PageTitle } from "#web/components/page-title.tsx";
import { Spinner } from "#web/components/spinner.tsx";
import { paths } from "#web/config/paths.ts";
import { useTexts } from "#web/lib/i18n.tsx";
import { allItems } from "#web/lib/paging.ts";
import { LISTING_FORMS_TEXT } from "#web/texts/listing-forms.ts";
import { useMyListings } from "./api/get-my-listings.ts";
import { MyListingCard } from "./my-listing-card.tsx";

export default function MyListingsPage() {
  const T = useTexts(LISTING_FORMS_TEXT).listingForms.myListings;
  const msg = useTexts(MSG);
  const query = useMyListings();
  const hasListings = allItems(query.data).length > 0;
  const addListing = (
    <Link to={paths.dashboard.addListing.getHref()} className="btn btn-primary">
      <Plus className="size-4" aria-hidden="true" />
      {T.add}
    </Link>
  );
  return (
    <section className="flex flex-col gap-6">
      <PageTitle>{T.title}</PageTitle>
      {/* As tall as the button that joins the heading once the bikes are in, so the heading stays put. */}
      <div className="flex min-h-10 flex-wrap items-center justify-between gap-3">
        <h1 className="text-2xl font-bold">{T.heading}</h1>
        {hasListings ? addListing : null}
      </div>
      <ListFrame
        query={query}
        loading={<Spinner label={T.loading} />}
        empty={
          <EmptyState title={msg.listing.noneYet} icon={<Bike className="size-10" />} action={addListing}>
            {T.emptyHint}
          </EmptyState>
        }
      >
        {(listings) => (
          <ul className="grid grid-cols-1 gap-6 md:grid-cols-2 xl:grid-cols-3">
            {listings.map((listing) => (
              <li key={listing.id}>
                <MyListingCard listing={listing} />
              </li>
            ))}
          </ul>
        )}
      </ListFrame>
    </section>
  );
}
