import { type ReactNode, useEffect } from "react";
import { useLocation } from "react-router";
import { useSession } from "#web/lib/session.ts";
import { AboutUs } from "./about-us.tsx";
import { BANNER_SLIDES } from "./banner-slides.tsx";
import { Carousel } from "./carousel.tsx";
import { CategoryButtons } from "./category-buttons.tsx";
import { Contact } from "./contact.tsx";
import { Hero } from "./hero.tsx";

type HomePageProps = {
  /** The advertised bikes, composed in by the app (listings are another feature); buyer-only part. */
  advertised?: ReactNode;
};

/**
 * `/`: carousel, then (for buyers and signed-out visitors only) the buyer's way in, then about and
 * contact. While the session is loading the buyer-only parts wait, so a seller never sees them flash.
 */
export default function HomePage({ advertised }: HomePageProps) {
  const { role, isLoading } = useSession();
  const { hash } = useLocation();
  const showBuyerParts = !isLoading && (role === null || role === "buyer");

  useEffect(() => {
    document.title = "MotoHaat — used motorbikes in Bangladesh";
  }, []);

  // This page is loaded lazily, so the router may look for `#about-us` before it exists; and the
  // buyer-only parts above it appear once the session is known, so scroll only after that.
  useEffect(() => {
    if (!hash || isLoading) return;
    document.getElementById(decodeURIComponent(hash.slice(1)))?.scrollIntoView();
  }, [hash, isLoading]);

  return (
    <div className="mx-auto w-full max-w-[1440px] space-y-12 px-4 py-6 sm:space-y-16 sm:px-6 lg:px-8">
      <h1 className="sr-only">MotoHaat: used motorbikes in Bangladesh</h1>
      <Carousel slides={BANNER_SLIDES} label="Featured" />
      {showBuyerParts && (
        <>
          {advertised}
          <CategoryButtons />
          <Hero />
        </>
      )}
      <AboutUs />
      <Contact />
    </div>
  );
}
