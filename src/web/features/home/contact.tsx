import { Clock, Mail, MapPin, Phone, Users } from "lucide-react";

/** Static contact details; the address, phone and email are placeholders until the real ones exist. */
export function Contact() {
  return (
    <section id="contact" aria-labelledby="contact-heading" className="scroll-mt-24 space-y-6">
      <h2 id="contact-heading" className="text-2xl font-bold sm:text-3xl">
        Contact
      </h2>
      <div className="grid gap-4 md:grid-cols-2">
        <div className="stats stats-vertical border border-base-300 bg-base-100 shadow-sm sm:stats-horizontal">
          <div className="stat">
            <div className="stat-figure text-primary">
              <Clock className="size-8" />
            </div>
            <div className="stat-title">Support</div>
            <div className="stat-value">24/7</div>
            <div className="stat-desc">Every day, including holidays</div>
          </div>
          <div className="stat">
            <div className="stat-figure text-primary">
              <Users className="size-8" />
            </div>
            <div className="stat-title">Staff</div>
            <div className="stat-value">50+</div>
            <div className="stat-desc">People ready to help</div>
          </div>
        </div>
        <address className="card border border-base-300 bg-base-100 not-italic shadow-sm">
          <div className="card-body gap-3">
            <p className="flex items-start gap-3">
              <MapPin className="mt-0.5 size-5 shrink-0 text-primary" />
              <span>
                MotoHaat Ltd., House 12, Road 7, Block C<br />
                Banani, Dhaka 1213, Bangladesh
              </span>
            </p>
            <p className="flex items-center gap-3">
              <Phone className="size-5 shrink-0 text-primary" />
              <a className="link" href="tel:+8801700000000">
                +880 1700-000000
              </a>
            </p>
            <p className="flex items-center gap-3">
              <Mail className="size-5 shrink-0 text-primary" />
              <a className="link" href="mailto:support@motohaat.test">
                support@motohaat.test
              </a>
            </p>
          </div>
        </address>
      </div>
    </section>
  );
}
