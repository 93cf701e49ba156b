import { type Query, useIsFetching, useQueryClient } from "@tanstack/react-query";
import { type ReactNode, useEffect, useState } from "react";
import { useLocation } from "react-router";
import { usePageTitle } from "#web/components/page-title.tsx";
import { useTexts } from "#web/lib/i18n.tsx";
import { BROWSE_PAGES_TEXT } from "#web/texts/browse.ts";
import { HOME_PAGE_TEXT } from "#web/texts/home.ts";
import { AboutUs } from "./about-us.tsx";
import { bannerSlides } from "./banner-slides.tsx";
import { Carousel } from "./carousel.tsx";
import { CategoryButtons } from "./category-buttons.tsx";
import { Contact } from "./contact.tsx";
import { Hero } from "./hero.tsx";
import { HomeSearch } from "./home-search.tsx";

type HomePageProps = {
  /** The advertised bikes, composed in by the app (listings are another feature). */
  advertised?: ReactNode;
};

/**
 * `/`: a search of every bike, the carousel, the categories, the advertised bikes and the buyer's way
 * in, then about and contact. The same page for everyone, as the server renders it: a seller pricing
 * their own bike looks at the market too, and no part leaves once the session is known (an earlier
 * home dropped the buyers' parts for a seller after hydration, moving the rest of the page).
 */
export default function HomePage({ advertised }: HomePageProps) {
  const { hash } = useLocation();
  const settled = useFirstDataSettled();
  const T = useTexts(BROWSE_PAGES_TEXT).browsePages;
  const H = useTexts(HOME_PAGE_TEXT).homePage;

  usePageTitle(T.head.defaultTitle);

  // This page is loaded lazily, so the router may look for `#about-us` before it exists; and the
  // parts below the carousel appear once the session and their data are known, so scroll only after that.
  useEffect(() => {
    if (!hash || !settled) return;
    document.getElementById(decodeURIComponent(hash.slice(1)))?.scrollIntoView();
  }, [hash, settled]);

  return (
    <div className="mx-auto w-full max-w-[1440px] space-y-12 px-4 py-6 sm:space-y-16 sm:px-6 lg:px-8">
      <h1 className="sr-only">{H.heading}</h1>
      {/* Before the carousel: on a phone a visitor can search from the first screen. */}
      <HomeSearch />
      <Carousel slides={bannerSlides(H.slides)} label={H.featured} />
      {!settled && <div role="status" aria-label={H.loading} className="skeleton min-h-dvh w-full" />}
      {/* Mounted (so its data loads) but not laid out until every part has its data: the advertised bikes
          and the categories, arriving one after the other, would each push what is below (CLS). */}
      <div hidden={!settled} className="space-y-12 sm:space-y-16">
        {/* The categories before the advertised bikes: a short block, so on a phone both the
            categories and a first row of bikes are within the first two screens. */}
        <CategoryButtons />
        {advertised}
        <Hero />
        <AboutUs />
        <Contact />
      </div>
    </div>
  );
}

/** A query that has nothing to show yet: its first answer is still on its way. */
const firstLoad = (query: Query) => query.state.data === undefined && query.state.fetchStatus === "fetching";

/**
 * True from the moment no query is waiting for its first answer, and from then on: later refetches
 * never hide the page again. True from the start when the page's data is there already (rendered on
 * the server, hydrated, or a return to the page): the route's loader starts what the parts read
 * before the page renders, so a first visit in the browser starts false.
 */
function useFirstDataSettled() {
  const queryClient = useQueryClient();
  // Re-renders when a first load starts or ends; the effect below asks the cache itself, because
  // queries that children started in this very commit are not in this render's count yet.
  const loading = useIsFetching({ predicate: firstLoad });
  const [settled, setSettled] = useState(() => queryClient.isFetching({ predicate: firstLoad }) === 0);
  useEffect(() => {
    if (settled || loading > 0) return;
    if (queryClient.isFetching({ predicate: firstLoad }) === 0) setSettled(true);
  }, [settled, loading, queryClient]);
  return settled;
}
