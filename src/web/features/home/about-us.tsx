import { BadgeCheck, CreditCard, MapPinned } from "lucide-react";

const PILLARS = [
  {
    icon: BadgeCheck,
    title: "Verified sellers",
    text: "Our team checks sellers before they get the green tick, so you know who you are dealing with before you book.",
  },
  {
    icon: MapPinned,
    title: "Safe meetups",
    text: "You choose where to meet when you book. We encourage busy, public places in daylight, and our guides show you what to check.",
  },
  {
    icon: CreditCard,
    title: "Card payments",
    text: "Pay for your order by card from your dashboard. No bundles of cash to carry, and a payment record for both sides.",
  },
];

export function AboutUs() {
  return (
    <section id="about-us" aria-labelledby="about-us-heading" className="scroll-mt-24 space-y-6">
      <div className="max-w-3xl space-y-4">
        <h2 id="about-us-heading" className="text-2xl font-bold sm:text-3xl">
          About us
        </h2>
        <p className="text-base sm:text-lg">
          MotoHaat started with a simple idea: buying a used motorbike in Bangladesh should feel as safe as
          buying a new one. A bike is how millions of us get to work, deliver orders and visit family on Eid,
          and too many people have been burnt by a hidden accident, missing papers or a stranger who never
          showed up.
        </p>
        <p className="text-base sm:text-lg">
          So we built a haat, a marketplace, that puts honesty first. Every listing shows the brand-new price
          beside the asking price and how long the bike has been used. Buyers book a bike with their phone
          number and a meeting place, so a booked bike is off the market and no one else can take it from
          under you. Sellers see exactly who booked and can reach them directly.
        </p>
      </div>
      <ul className="grid gap-4 md:grid-cols-3">
        {PILLARS.map(({ icon: Icon, title, text }) => (
          <li key={title} className="card border border-base-300 bg-base-100 shadow-sm">
            <div className="card-body">
              <Icon className="size-8 text-primary" />
              <h3 className="card-title">{title}</h3>
              <p>{text}</p>
            </div>
          </li>
        ))}
      </ul>
    </section>
  );
}
