/**
 * The words of the content pages around their content — the blog's index and articles, the FAQ and
 * the legal pages (`/terms`, `/privacy`, `/cookies`) — in English, as the pages always said them. The
 * articles, questions and policies themselves are content with an edition per language
 * (src/web/features/content/editions.ts), not messages. Keys are the catalogue's
 * (`contentPages.blog.heading`); components read them through `useTexts(CONTENT_PAGES_TEXT)`
 * (src/web/lib/i18n.tsx).
 */
export const CONTENT_PAGES_TEXT = {
  contentPages: {
    blog: {
      title: "Blog — MotoHaat",
      description:
        "Guides for buying and selling a used motorbike in Bangladesh: prices, papers and test rides.",
      heading: "Blog",
      intro:
        "Practical guides to buying and selling used motorbikes safely in Bangladesh, from checking the papers to the first service.",
      readMore: "Read more",
    },
    article: {
      title: (article: string) => `${article} — MotoHaat`,
      notFoundTitle: "Article not found — MotoHaat",
      notFoundHeading: "We couldn't find that article",
      notFoundHint: "It may have been renamed or removed. Our other guides are still there.",
      backToBlog: "Back to blog",
      moreFromBlog: "More from the blog",
    },
    /** An article's byline and reading time, on the blog's cards and the article itself. */
    byline: {
      by: (author: string) => `By ${author}`,
      minutesToRead: (minutes: number) => `${minutes} min read`,
    },
    faq: {
      title: "FAQ — MotoHaat",
      description:
        "Answers about buying and selling a used motorbike on MotoHaat: booking, paying, papers and safety.",
      heading: "Frequently asked questions",
      intro: "Answers about buying and selling on MotoHaat, and a few for the developers among you.",
    },
    legal: {
      title: (policy: string) => `${policy} — MotoHaat`,
      lastUpdated: "Last updated",
      otherPolicies: "Other policies",
    },
  },
};
