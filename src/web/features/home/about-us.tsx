import { BadgeCheck, CreditCard, MapPinned } from "lucide-react";
import { useTexts } from "#web/lib/i18n.tsx";
import { HOME_PAGE_TEXT } from "#web/texts/home.ts";

export function AboutUs() {
  const T = useTexts(HOME_PAGE_TEXT).homePage.aboutUs;
  const pillars = [
    { icon: BadgeCheck, title: T.verifiedTitle, text: T.verifiedText },
    { icon: MapPinned, title: T.meetupsTitle, text: T.meetupsText },
    { icon: CreditCard, title: T.cardTitle, text: T.cardText },
  ];
  return (
    <section id="about-us" aria-labelledby="about-us-heading" className="scroll-mt-24 space-y-6">
      <div className="max-w-3xl space-y-4">
        <h2 id="about-us-heading" className="text-2xl font-bold sm:text-3xl">
          {T.heading}
        </h2>
        <p className="text-base sm:text-lg">{T.idea}</p>
        <p className="text-base sm:text-lg">{T.haat}</p>
      </div>
      <ul className="grid gap-4 md:grid-cols-3">
        {pillars.map(({ icon: Icon, title, text }) => (
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
