import { CATEGORIES, type CategorySlug } from "#shared/categories.ts";
import { DISTRICTS, type DistrictSlug } from "#shared/districts.ts";

/**
 * The names of the categories and of Bangladesh's 64 districts as the pages show them: in English
 * the shared lists' labels (what the API answers too), in Bangla the catalogue's (`places.district.
 * dhaka` → ঢাকা). Read them through `usePlaceNames()`.
 */
export const PLACES_TEXT = {
  places: {
    category: Object.fromEntries(CATEGORIES.map((c) => [c.slug, c.label])) as Record<CategorySlug, string>,
    district: Object.fromEntries(DISTRICTS.map((d) => [d.slug, d.label])) as Record<DistrictSlug, string>,
  },
};
