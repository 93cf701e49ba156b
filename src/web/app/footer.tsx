import { Link } from "react-router";
import { MSG } from "#shared/messages.ts";
import { Logo } from "#web/components/logo.tsx";
import { paths } from "#web/config/paths.ts";

type FooterLink = { label: string; to: string };

// Services, Jobs and Press kit are handled by talking to us, so they lead to the contact section.
const columns: { title: string; links: FooterLink[] }[] = [
  {
    title: "Services",
    links: [
      { label: "Branding", to: paths.contact.getHref() },
      { label: "Design", to: paths.contact.getHref() },
      { label: "Marketing", to: paths.contact.getHref() },
      { label: "Advertisement", to: paths.contact.getHref() },
    ],
  },
  {
    title: "Company",
    links: [
      { label: "About us", to: paths.aboutUs.getHref() },
      { label: "Contact", to: paths.contact.getHref() },
      { label: "Jobs", to: paths.contact.getHref() },
      { label: "Press kit", to: paths.contact.getHref() },
      { label: "Blog", to: paths.blog.getHref() },
      { label: "FAQ", to: paths.faq.getHref() },
    ],
  },
  {
    title: "Legal",
    links: [
      { label: MSG.legal.terms, to: paths.terms.getHref() },
      { label: MSG.legal.privacy, to: paths.privacy.getHref() },
      { label: MSG.legal.cookies, to: paths.cookies.getHref() },
    ],
  },
];

export function Footer() {
  return (
    <footer className="border-t border-base-300 bg-base-200 text-base-content">
      <div className="footer mx-auto max-w-[1440px] gap-y-8 p-8 sm:footer-horizontal sm:p-10">
        <aside className="max-w-xs">
          <Logo />
          {/* The space keeps "MotoHaat Ltd. Trusted since 1992" one sentence for text search and readers. */}
          <p>
            MotoHaat Ltd. <span className="block">Trusted since 1992</span>
          </p>
        </aside>
        {columns.map((column) => (
          <nav key={column.title} aria-label={column.title}>
            <h2 className="footer-title">{column.title}</h2>
            {column.links.map((link) => (
              <Link key={link.label} to={link.to} className="link link-hover">
                {link.label}
              </Link>
            ))}
          </nav>
        ))}
      </div>
    </footer>
  );
}
