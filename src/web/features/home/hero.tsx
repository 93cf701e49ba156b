import { ArrowRight, BadgeCheck, CreditCard, Handshake } from "lucide-react";
import { Link } from "react-router";
import { paths } from "#web/config/paths.ts";

const POINTS = [
  { icon: BadgeCheck, text: "Look for the verified-seller tick" },
  { icon: Handshake, text: "Book first, then meet in person" },
  { icon: CreditCard, text: "Pay by card from your dashboard" },
];

/** The buyer's way in: what MotoHaat is for, and one clear button to start browsing. */
export function Hero() {
  return (
    <section aria-labelledby="hero-heading" className="hero rounded-box bg-base-200">
      <div className="hero-content w-full flex-col gap-8 px-6 py-12 sm:py-16 lg:flex-row lg:justify-between lg:px-12">
        <div className="max-w-2xl">
          <h2 id="hero-heading" className="text-3xl font-bold text-balance sm:text-5xl">
            Find a used bike you can trust
          </h2>
          <p className="mt-4 text-base sm:text-lg">
            Compare asking prices with brand-new prices, see how long each bike has been used, and book the
            one you like with your phone number and a place to meet. No middlemen, no guesswork.
          </p>
          <Link to={paths.listings.getHref("all")} className="btn btn-primary btn-lg mt-6">
            Get Started
            <ArrowRight className="size-5" />
          </Link>
        </div>
        <ul className="grid w-full max-w-sm gap-3">
          {POINTS.map(({ icon: Icon, text }) => (
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
