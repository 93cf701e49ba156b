import { ArrowLeft } from "lucide-react";
import { Link, useParams } from "react-router";
import { usePageTitle } from "#web/components/page-title.tsx";
import { paths } from "#web/config/paths.ts";
import { useFormat, useTexts } from "#web/lib/i18n.tsx";
import { CONTENT_PAGES_TEXT } from "#web/texts/content.ts";
import { ARTICLES, findArticle } from "./articles.ts";
import { Blocks } from "./blocks-view.tsx";
import { ARTICLE_EDITIONS, preloadEdition, useEdition } from "./editions.ts";

preloadEdition(ARTICLE_EDITIONS);

function BackToBlog({ label }: { label: string }) {
  return (
    <Link to={paths.blog.getHref()} className="btn btn-ghost btn-sm -ml-3">
      <ArrowLeft className="size-4" />
      {label}
    </Link>
  );
}

/** `/blog/:slug`: one article in the page's language, or a friendly not-found message for an unknown slug. */
export default function BlogArticlePage() {
  const { slug } = useParams();
  const texts = useTexts(CONTENT_PAGES_TEXT).contentPages;
  const T = texts.article;
  const format = useFormat();
  const articles = useEdition({ en: ARTICLES, ...ARTICLE_EDITIONS });
  const article = findArticle(slug, articles);
  usePageTitle(article ? T.title(article.title) : T.notFoundTitle, {
    notFound: !article,
    description: article?.summary,
  });

  if (!article) {
    return (
      <div className="mx-auto w-full max-w-3xl px-4 py-16 text-center sm:px-6">
        <h1 className="text-3xl font-bold">{T.notFoundHeading}</h1>
        <p className="mt-4 text-base sm:text-lg">{T.notFoundHint}</p>
        <Link to={paths.blog.getHref()} className="btn btn-primary mt-8">
          <ArrowLeft className="size-4" />
          {T.backToBlog}
        </Link>
      </div>
    );
  }

  const others = articles.filter((a) => a.slug !== article.slug).slice(0, 3);

  return (
    <div className="mx-auto w-full max-w-3xl px-4 py-8 sm:px-6 sm:py-12">
      <BackToBlog label={T.backToBlog} />
      <article className="mt-4">
        <header className="border-b border-base-300 pb-6">
          <h1 className="text-3xl font-bold leading-tight text-balance sm:text-4xl">{article.title}</h1>
          <p className="mt-4 text-sm text-base-content/75">
            {texts.byline.by(article.author)}
            <span aria-hidden="true">{" · "}</span>
            <time dateTime={article.date}>{format.date(article.date)}</time>
            <span aria-hidden="true">{" · "}</span>
            {texts.byline.minutesToRead(article.readingMinutes)}
          </p>
          <p className="mt-4 text-lg text-base-content/85">{article.summary}</p>
        </header>
        <div className="mt-6 text-base sm:text-lg">
          <Blocks blocks={article.body} />
        </div>
      </article>
      <nav aria-labelledby="more-articles-heading" className="mt-12 border-t border-base-300 pt-8">
        <h2 id="more-articles-heading" className="text-xl font-bold">
          {T.moreFromBlog}
        </h2>
        <ul className="mt-4 space-y-3">
          {others.map((a) => (
            <li key={a.slug}>
              <Link to={paths.blogArticle.getHref(a.slug)} className="link link-primary font-medium">
                {a.title}
              </Link>
            </li>
          ))}
        </ul>
        <div className="mt-8">
          <BackToBlog label={T.backToBlog} />
        </div>
      </nav>
    </div>
  );
}
