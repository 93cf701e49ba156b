import { ArrowRight } from "lucide-react";
import { Link } from "react-router";
import { usePageTitle } from "#web/components/page-title.tsx";
import { paths } from "#web/config/paths.ts";
import { useFormat, useTexts } from "#web/lib/i18n.tsx";
import { CONTENT_PAGES_TEXT } from "#web/texts/content.ts";
import { ARTICLES } from "./articles.ts";
import { ARTICLE_EDITIONS, preloadEdition, useEdition } from "./editions.ts";

preloadEdition(ARTICLE_EDITIONS);

/** `/blog`: every article as a card, newest first, in the page's language. */
export default function BlogPage() {
  const texts = useTexts(CONTENT_PAGES_TEXT).contentPages;
  const T = texts.blog;
  const format = useFormat();
  usePageTitle(T.title, { description: T.description });
  const articles = [...useEdition({ en: ARTICLES, ...ARTICLE_EDITIONS })].sort((a, b) =>
    b.date.localeCompare(a.date),
  );

  return (
    <div className="mx-auto w-full max-w-[1440px] px-4 py-8 sm:px-6 sm:py-12 lg:px-8">
      <header className="max-w-3xl">
        <h1 className="text-3xl font-bold sm:text-4xl">{T.heading}</h1>
        <p className="mt-3 text-base sm:text-lg">{T.intro}</p>
      </header>
      <ul className="mt-8 grid gap-6 md:grid-cols-2 xl:grid-cols-3">
        {articles.map((article) => (
          <li key={article.slug} className="card border border-base-300 bg-base-100 shadow-sm">
            <article className="card-body">
              <p className="text-sm text-base-content/75">
                <time dateTime={article.date}>{format.date(article.date)}</time>
                <span aria-hidden="true">{" · "}</span>
                <span>{texts.byline.minutesToRead(article.readingMinutes)}</span>
              </p>
              <h2 className="card-title text-xl">{article.title}</h2>
              <p className="text-sm text-base-content/75">{texts.byline.by(article.author)}</p>
              <p className="grow">{article.summary}</p>
              <div className="card-actions mt-2">
                <Link to={paths.blogArticle.getHref(article.slug)} className="btn btn-primary btn-sm">
                  {T.readMore}
                  <span className="sr-only">
                    {": "}
                    {article.title}
                  </span>
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
