/**
 * The blog's articles as a list of pages: slug and date of publication. The server's sitemap names
 * them from here (the server may not import web code); their text lives in
 * src/web/features/content/articles.ts, and a test there keeps both lists the same.
 */
export const BLOG_ARTICLES: readonly { slug: string; date: string }[] = [
  { slug: "check-the-papers-before-you-buy", date: "2025-01-12" },
  { slug: "inspect-a-used-bike", date: "2025-02-03" },
  { slug: "safe-meetups-and-payment", date: "2025-03-08" },
  { slug: "price-your-bike-to-sell", date: "2025-04-20" },
  { slug: "first-month-maintenance", date: "2025-05-15" },
];
