import { useMemo } from "react";
import { useTexts } from "#web/lib/i18n.tsx";
import { PLACES_TEXT } from "#web/texts/places.ts";

/**
 * A category's or a district's name in the page's language, by its slug (the API's `{ slug, label }`
 * carries the English label); an unknown slug as it is.
 */
export function usePlaceNames() {
  const names = useTexts(PLACES_TEXT).places;
  return useMemo(
    () => ({
      category: (slug: string) => (names.category as Record<string, string>)[slug] ?? slug,
      district: (slug: string) => (names.district as Record<string, string>)[slug] ?? slug,
    }),
    [names],
  );
}
