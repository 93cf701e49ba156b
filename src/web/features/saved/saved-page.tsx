import { Heart, TrendingDown } from "lucide-react";
import { Link } from "react-router";
import { MSG } from "#shared/messages.ts";
import { droppedFrom, type SavedItem } from "#shared/schemas/saved.ts";
import { BikeCard } from "#web/components/bike-card.tsx";
import { EmptyState } from "#web/components/empty-state.tsx";
import { ListFrame } from "#web/components/list-frame.tsx";
import { PageTitle } from "#web/components/page-title.tsx";
import { Price } from "#web/components/price.tsx";
import { Spinner } from "#web/components/spinner.tsx";
import { paths } from "#web/config/paths.ts";
import { useFormat, useTexts } from "#web/lib/i18n.tsx";
import { BROWSE_PAGES_TEXT } from "#web/texts/browse.ts";
import { useSavedPage } from "./api/saved.ts";
import { SaveButton } from "./save-button.tsx";

/** One saved bike: its card, `Stock Out` once sold, and the drop since it was saved. */
function SavedCard({ item }: { item: SavedItem }) {
  const { listing } = item;
  const was = droppedFrom(item);
  const msg = useTexts(MSG);
  const talk = useTexts(MSG).saved;
  const T = useTexts(BROWSE_PAGES_TEXT).browsePages.saved;
  const format = useFormat();
  return (
    <BikeCard
      layout="compact"
      photo={listing.photo}
      model={listing.model}
      title={
        <Link
          to={paths.listingDetails.getHref(listing.id)}
          className="link link-hover after:absolute after:inset-0 after:rounded-box"
        >
          {listing.model}
        </Link>
      }
      overlay={
        listing.status === "sold" ? (
          <span className="badge badge-error badge-sm absolute top-2 left-2 font-semibold shadow sm:badge-md">
            {msg.listing.stockOut}
          </span>
        ) : null
      }
      corner={<SaveButton listing={listing} />}
      className="relative transition-shadow focus-within:shadow-md hover:shadow-md"
    >
      <p className="text-lg font-bold text-primary">
        <Price amount={listing.askingPrice} />
      </p>
      {was !== null ? (
        <p className="flex items-center gap-1 text-sm font-semibold text-success">
          <TrendingDown className="size-4 shrink-0" aria-hidden="true" />
          {talk.priceDropped(format.taka(was))}
        </p>
      ) : null}
      <p className="text-sm">{T.facts(listing.brand, listing.year, format.number(listing.kmRun))}</p>
      <p className="mt-auto text-xs text-base-content/70">{talk.savedOn(format.date(item.savedAt))}</p>
    </BikeCard>
  );
}

/** `/dashboard/saved`: the buyer's saved bikes, newest saved first. */
export default function SavedPage() {
  const talk = useTexts(MSG).saved;
  const T = useTexts(BROWSE_PAGES_TEXT).browsePages.saved;
  return (
    <section className="flex flex-col gap-6">
      <PageTitle>{T.title}</PageTitle>
      <h1 className="text-2xl font-bold">{talk.pageTitle}</h1>
      <ListFrame
        query={useSavedPage()}
        loading={<Spinner label={T.loading} />}
        empty={
          <EmptyState
            title={talk.empty}
            icon={<Heart className="size-10" />}
            action={
              <Link to={paths.listings.getHref()} className="btn btn-primary">
                {T.browse}
              </Link>
            }
          >
            {talk.emptyHint}
          </EmptyState>
        }
      >
        {(items) => (
          <ul className="grid grid-cols-1 gap-3 sm:grid-cols-2 sm:gap-6 xl:grid-cols-3">
            {items.map((item) => (
              <li key={item.listing.id}>
                <SavedCard item={item} />
              </li>
            ))}
          </ul>
        )}
      </ListFrame>
    </section>
  );
}
