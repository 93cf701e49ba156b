import { Link } from "react-router";
import { MSG } from "#shared/messages.ts";
import { PageTitle } from "#web/components/page-title.tsx";
import { paths } from "#web/config/paths.ts";
import { useFormat, useTexts } from "#web/lib/i18n.tsx";
import { BROWSE_PAGES_TEXT } from "#web/texts/browse.ts";

export function NotFoundPage() {
  const T = useTexts(BROWSE_PAGES_TEXT).browsePages.notFound;
  const msg = useTexts(MSG);
  const format = useFormat();
  return (
    <section className="flex min-h-[50vh] flex-col items-center justify-center gap-6 px-4 py-16 text-center">
      <PageTitle notFound>{T.title}</PageTitle>
      <p className="text-7xl font-black text-base-content/50" aria-hidden="true">
        {format.number(404)}
      </p>
      <h1 className="text-2xl font-bold sm:text-3xl">{msg.generic.notFound}</h1>
      <Link to={paths.home.getHref()} className="btn btn-primary">
        {T.backHome}
      </Link>
    </section>
  );
}
