import bn from "#shared/i18n/bn.json" with { type: "json" };
import { compileCatalogue } from "#shared/i18n/compile.ts";
import { messageFormatter } from "#shared/i18n/message-format.ts";
import { type Language, textsIn } from "#web/lib/i18n.tsx";

/**
 * The Bangla a page shows for a tree of the catalogue (MSG, a page's texts), made the way the page
 * makes it (src/web/lib/i18n.tsx): a test finds what a Bangla reader sees, not a copy of the words.
 */
const BANGLA: Language = {
  locale: "bn",
  messages: compileCatalogue(bn),
  partial: false,
  formatterFor: messageFormatter,
};

export function inBangla<T extends object>(tree: T): T {
  return textsIn(tree, BANGLA);
}
