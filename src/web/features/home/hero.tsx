import { ArrowRight, BadgeCheck, CreditCard, Handshake } from "lucide-react";
import { Link } from "react-router";
import { paths } from "#web/config/paths.ts";
import { useTexts } from "#web/lib/i18n.tsx";
import { HOME_PAGE_TEXT } from "#web/texts/home.ts";

/** The buyer's way in: what MotoHaat is for, and one clear button to start browsing. */
export function Hero() {
  const T = useTexts(HOME_PAGE_TEXT).homePage.hero;
  const points = [
    { icon: BadgeCheck, text: T.verifiedTick },
    { icon: Handshake, text: T.bookFirst },
    { icon: CreditCard, text: T.payByCard },
  ];
  return (
    <section aria-labelledby="hero-heading" className="hero rounded-box bg-base-200">
      <div className="hero-content w-full flex-col gap-8 px-6 py-12 sm:py-16 lg:flex-row lg:justify-between lg:px-12">
        <div className="max-w-2xl">
          <h2 id="hero-heading" className="text-3xl font-bold text-balance sm:text-5xl">
            {T.heading}
          </h2>
          <p className="mt-4 text-base sm:text-lg">{T.intro}</p>
          <Link to={paths.listings.getHref("all")} className="btn btn-primary btn-lg mt-6">
            {T.getStarted}
            <ArrowRight className="size-5" />
          </Link>
        </div>
        <ul className="grid w-full max-w-sm gap-3">
          {points.map(({ icon: Icon, text }) => (
            <li key={text} className="flex items-center gap-3 rounded-box bg-base-100 p-4 shadow-sm">
              <Icon className="size-6 shrink-0 text-primary" />
              <span className="font-medium">{text}</span>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
