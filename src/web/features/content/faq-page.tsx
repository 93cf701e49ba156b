import { usePageTitle } from "#web/components/page-title.tsx";
import { useTexts } from "#web/lib/i18n.tsx";
import { CONTENT_PAGES_TEXT } from "#web/texts/content.ts";
import { Blocks } from "./blocks-view.tsx";
import { FAQ_EDITIONS, preloadEdition, useEdition } from "./editions.ts";
import { FAQ_GROUPS } from "./faq-items.ts";

preloadEdition(FAQ_EDITIONS);

/**
 * `/faq`: questions grouped by audience, in the page's language. Native <details>/<summary> gives
 * keyboard toggling and the expanded state to assistive technology with no script.
 */
export default function FaqPage() {
  const T = useTexts(CONTENT_PAGES_TEXT).contentPages.faq;
  usePageTitle(T.title, { description: T.description });
  const groups = useEdition({ en: FAQ_GROUPS, ...FAQ_EDITIONS });

  return (
    <div className="mx-auto w-full max-w-4xl px-4 py-8 sm:px-6 sm:py-12">
      <h1 className="text-3xl font-bold sm:text-4xl">{T.heading}</h1>
      <p className="mt-3 text-base sm:text-lg">{T.intro}</p>
      {groups.map((group) => (
        <section key={group.id} aria-labelledby={`faq-${group.id}`} className="mt-10">
          <h2 id={`faq-${group.id}`} className="text-2xl font-bold">
            {group.title}
          </h2>
          <div className="mt-4 space-y-3">
            {group.items.map((item) => (
              <details
                key={item.id}
                id={item.id}
                className="collapse collapse-arrow border border-base-300 bg-base-100 shadow-sm"
              >
                <summary className="collapse-title font-semibold focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-primary">
                  {item.question}
                </summary>
                <div className="collapse-content">
                  <Blocks blocks={item.answer} />
                </div>
              </details>
            ))}
          </div>
        </section>
      ))}
    </div>
  );
}
