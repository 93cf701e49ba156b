import type { Listing } from "#shared/schemas/listings.ts";

/** A bike as the API returns it; a test overrides only what it is about. */
export function buildListing(over: Partial<Listing> = {}): Listing {
  return {
    id: "l-1",
    postedAt: "2022-11-05T10:00:00.000Z",
    model: "Yamaha FZS V3",
    engineCc: 149,
    brand: "Yamaha",
    category: { slug: "commuter", label: "Commuter" },
    brandNewPrice: 235000,
    askingPrice: 150000,
    totalUsed: "2 years",
    year: 2021,
    kmRun: 18500,
    district: { slug: "dhaka", label: "Dhaka" },
    area: "Mirpur 10",
    description: null,
    hasRegistration: true,
    taxTokenUntil: "2027-06",
    insuranceUntil: null,
    nameTransfer: true,
    negotiable: true,
    photo: {
      src: "/images/a-640.webp",
      srcSet: "/images/a-320.webp 320w, /images/a-640.webp 640w, /images/a-1280.webp 1280w",
      width: 640,
      height: 480,
    },
    seller: {
      id: "s-1",
      name: "Karim Motors",
      photo: null,
      verified: true,
      rating: { average: 0, count: 0 },
    },
    advertised: false,
    status: "available",
    ...over,
  };
}

/** A one-page list answer. */
export const pageOf = (items: Listing[], nextCursor: string | null = null) => ({ items, nextCursor });
