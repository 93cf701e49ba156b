import { Link } from "react-router";
import { MSG } from "#shared/messages.ts";
import { PageTitle } from "#web/components/page-title.tsx";
import { paths } from "#web/config/paths.ts";

export function NotFoundPage() {
  return (
    <section className="flex min-h-[50vh] flex-col items-center justify-center gap-6 px-4 py-16 text-center">
      <PageTitle notFound>Page not found — MotoHaat</PageTitle>
      <p className="text-7xl font-black text-base-content/50" aria-hidden="true">
        404
      </p>
      <h1 className="text-2xl font-bold sm:text-3xl">{MSG.generic.notFound}</h1>
      <Link to={paths.home.getHref()} className="btn btn-primary">
        Back to homepage
      </Link>
    </section>
  );
}
