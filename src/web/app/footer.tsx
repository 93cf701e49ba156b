import { Link } from "react-router";
import { MSG } from "#shared/messages.ts";
import { Logo } from "#web/components/logo.tsx";
import { paths } from "#web/config/paths.ts";
import { useTexts } from "#web/lib/i18n.tsx";
import { SHELL_TEXT } from "#web/texts/shell.ts";

type FooterLink = { label: string; to: string };

// Services, Jobs and Press kit are handled by talking to us, so they lead to the contact section.
function columns(T: typeof SHELL_TEXT.shell.footer, legal: typeof MSG.legal) {
  const contact = paths.contact.getHref();
  return [
    {
      title: T.services,
      links: [
        { label: T.branding, to: contact },
        { label: T.design, to: contact },
        { label: T.marketing, to: contact },
        { label: T.advertisement, to: contact },
      ],
    },
    {
      title: T.company,
      links: [
        { label: T.aboutUs, to: paths.aboutUs.getHref() },
        { label: T.contact, to: contact },
        { label: T.jobs, to: contact },
        { label: T.pressKit, to: contact },
        { label: T.blog, to: paths.blog.getHref() },
        { label: T.faq, to: paths.faq.getHref() },
      ],
    },
    {
      title: T.legal,
      links: [
        { label: legal.terms, to: paths.terms.getHref() },
        { label: legal.privacy, to: paths.privacy.getHref() },
        { label: legal.cookies, to: paths.cookies.getHref() },
      ],
    },
  ] satisfies { title: string; links: FooterLink[] }[];
}

export function Footer() {
  const T = useTexts(SHELL_TEXT).shell.footer;
  const legal = useTexts(MSG).legal;
  return (
    <footer className="border-t border-base-300 bg-base-200 text-base-content">
      <div className="footer mx-auto max-w-[1440px] gap-y-8 p-8 sm:footer-horizontal sm:p-10">
        <aside className="max-w-xs">
          <Logo />
          {/* The space keeps "MotoHaat Ltd. Trusted since 1992" one sentence for text search and readers. */}
          <p>
            {T.companyName} <span className="block">{T.trusted}</span>
          </p>
        </aside>
        {columns(T, legal).map((column) => (
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
