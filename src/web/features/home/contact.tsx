import { Clock, Mail, MapPin, Phone, Users } from "lucide-react";
import { useTexts } from "#web/lib/i18n.tsx";
import { HOME_PAGE_TEXT } from "#web/texts/home.ts";

/** Not words: the same in every language. */
const PHONE = "+880 1700-000000";
const EMAIL = "support@motohaat.test";

/** Static contact details; the address, phone and email are placeholders until the real ones exist. */
export function Contact() {
  const T = useTexts(HOME_PAGE_TEXT).homePage.contact;
  return (
    <section id="contact" aria-labelledby="contact-heading" className="scroll-mt-24 space-y-6">
      <h2 id="contact-heading" className="text-2xl font-bold sm:text-3xl">
        {T.heading}
      </h2>
      <div className="grid gap-4 md:grid-cols-2">
        <div className="stats stats-vertical border border-base-300 bg-base-100 shadow-sm sm:stats-horizontal">
          <div className="stat">
            <div className="stat-figure text-primary">
              <Clock className="size-8" />
            </div>
            <div className="stat-title">{T.support}</div>
            <div className="stat-value">{T.supportHours}</div>
            <div className="stat-desc">{T.supportHint}</div>
          </div>
          <div className="stat">
            <div className="stat-figure text-primary">
              <Users className="size-8" />
            </div>
            <div className="stat-title">{T.staff}</div>
            <div className="stat-value">{T.staffCount}</div>
            <div className="stat-desc">{T.staffHint}</div>
          </div>
        </div>
        <address className="card border border-base-300 bg-base-100 not-italic shadow-sm">
          <div className="card-body gap-3">
            <p className="flex items-start gap-3">
              <MapPin className="mt-0.5 size-5 shrink-0 text-primary" />
              <span>
                {T.addressStreet}
                <br />
                {T.addressCity}
              </span>
            </p>
            <p className="flex items-center gap-3">
              <Phone className="size-5 shrink-0 text-primary" />
              <a className="link" href="tel:+8801700000000">
                {PHONE}
              </a>
            </p>
            <p className="flex items-center gap-3">
              <Mail className="size-5 shrink-0 text-primary" />
              <a className="link" href={`mailto:${EMAIL}`}>
                {EMAIL}
              </a>
            </p>
          </div>
        </address>
      </div>
    </section>
  );
}
