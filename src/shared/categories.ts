export const CATEGORIES = [
  { slug: "commuter", label: "Commuter" },
  { slug: "sports", label: "Sports" },
  { slug: "naked-sports", label: "Naked sports" },
  { slug: "adventure", label: "Adventure" },
  { slug: "cafe-racer", label: "Cafe racer" },
  { slug: "cruiser", label: "Cruiser" },
  { slug: "touring", label: "Touring" },
  { slug: "off-road", label: "Off-road" },
  { slug: "scooters", label: "Scooters" },
  { slug: "dirt-bikes", label: "Dirt bikes" },
  { slug: "electric", label: "Electric" },
  { slug: "others", label: "Others" },
] as const;

export type CategorySlug = (typeof CATEGORIES)[number]["slug"];

export const CATEGORY_SLUGS = CATEGORIES.map((c) => c.slug) as [CategorySlug, ...CategorySlug[]];

export function categoryLabel(slug: string): string {
  return CATEGORIES.find((c) => c.slug === slug)?.label ?? slug;
}
