import { ArrowRight } from "lucide-react";
import { Link } from "react-router";
import { formatDate } from "#shared/format.ts";
import { usePageTitle } from "#web/components/page-title.tsx";
import { paths } from "#web/config/paths.ts";
import { ARTICLES } from "./articles.ts";

/** `/blog`: every article as a card, newest first. */
export default function BlogPage() {
  usePageTitle("Blog — MotoHaat", {
    description:
      "Guides for buying and selling a used motorbike in Bangladesh: prices, papers and test rides.",
  });
  const articles = [...ARTICLES].sort((a, b) => b.date.localeCompare(a.date));

  return (
    <div className="mx-auto w-full max-w-[1440px] px-4 py-8 sm:px-6 sm:py-12 lg:px-8">
      <header className="max-w-3xl">
        <h1 className="text-3xl font-bold sm:text-4xl">Blog</h1>
        <p className="mt-3 text-base sm:text-lg">
          Practical guides to buying and selling used motorbikes safely in Bangladesh, from checking the
          papers to the first service.
        </p>
      </header>
      <ul className="mt-8 grid gap-6 md:grid-cols-2 xl:grid-cols-3">
        {articles.map((article) => (
          <li key={article.slug} className="card border border-base-300 bg-base-100 shadow-sm">
            <article className="card-body">
              <p className="text-sm text-base-content/75">
                <time dateTime={article.date}>{formatDate(article.date)}</time>
                <span aria-hidden="true"> · </span>
                <span>{article.readingMinutes} min read</span>
              </p>
              <h2 className="card-title text-xl">{article.title}</h2>
              <p className="text-sm text-base-content/75">By {article.author}</p>
              <p className="grow">{article.summary}</p>
              <div className="card-actions mt-2">
                <Link to={paths.blogArticle.getHref(article.slug)} className="btn btn-primary btn-sm">
                  Read more
                  <span className="sr-only">: {article.title}</span>
                  <ArrowRight className="size-4" />
                </Link>
              </div>
            </article>
          </li>
        ))}
      </ul>
    </div>
  );
}
