import { ArrowLeft } from "lucide-react";
import { Link, useParams } from "react-router";
import { formatDate } from "#shared/format.ts";
import { usePageTitle } from "#web/components/page-title.tsx";
import { paths } from "#web/config/paths.ts";
import { ARTICLES, findArticle } from "./articles.ts";
import { Blocks } from "./blocks-view.tsx";

function BackToBlog() {
  return (
    <Link to={paths.blog.getHref()} className="btn btn-ghost btn-sm -ml-3">
      <ArrowLeft className="size-4" />
      Back to blog
    </Link>
  );
}

/** `/blog/:slug`: one article, or a friendly not-found message for an unknown slug. */
export default function BlogArticlePage() {
  const { slug } = useParams();
  const article = findArticle(slug);
  usePageTitle(`${article?.title ?? "Article not found"} — MotoHaat`, {
    notFound: !article,
    description: article?.summary,
  });

  if (!article) {
    return (
      <div className="mx-auto w-full max-w-3xl px-4 py-16 text-center sm:px-6">
        <h1 className="text-3xl font-bold">We couldn't find that article</h1>
        <p className="mt-4 text-base sm:text-lg">
          It may have been renamed or removed. Our other guides are still there.
        </p>
        <Link to={paths.blog.getHref()} className="btn btn-primary mt-8">
          <ArrowLeft className="size-4" />
          Back to blog
        </Link>
      </div>
    );
  }

  const others = ARTICLES.filter((a) => a.slug !== article.slug).slice(0, 3);

  return (
    <div className="mx-auto w-full max-w-3xl px-4 py-8 sm:px-6 sm:py-12">
      <BackToBlog />
      <article className="mt-4">
        <header className="border-b border-base-300 pb-6">
          <h1 className="text-3xl font-bold leading-tight text-balance sm:text-4xl">{article.title}</h1>
          <p className="mt-4 text-sm text-base-content/75">
            By {article.author}
            <span aria-hidden="true"> · </span>
            <time dateTime={article.date}>{formatDate(article.date)}</time>
            <span aria-hidden="true"> · </span>
            {article.readingMinutes} min read
          </p>
          <p className="mt-4 text-lg text-base-content/85">{article.summary}</p>
        </header>
        <div className="mt-6 text-base sm:text-lg">
          <Blocks blocks={article.body} />
        </div>
      </article>
      <nav aria-labelledby="more-articles-heading" className="mt-12 border-t border-base-300 pt-8">
        <h2 id="more-articles-heading" className="text-xl font-bold">
          More from the blog
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
          <BackToBlog />
        </div>
      </nav>
    </div>
  );
}
