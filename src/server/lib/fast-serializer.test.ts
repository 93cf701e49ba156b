import { describe, expect, it } from "vitest";
import { z } from "zod";
import {
  type ListingDetailResponse,
  ListingDetailResponseSchema,
  type ListingsSearchPage,
  ListingsSearchPageSchema,
} from "#shared/schemas/listings.ts";
import { fastSerializer } from "./fast-serializer.ts";

/** What the zod serializer (fastify-type-provider-zod) answers: encode through the schema, then JSON. */
const zodBytes = (schema: z.ZodType, data: unknown) => JSON.stringify(z.encode(schema, data as never));

const image = { src: "/images/k/640.webp", srcSet: "/images/k/320.webp 320w", width: 640, height: 400 };

function listing(overrides: Record<string, unknown> = {}) {
  return {
    // Keys in another order than the schema's, and one the schema does not have.
    status: "available" as const,
    id: "5f0c1c1e-9a53-4f0e-8a0e-2c6f7c9d0e11",
    secretNote: "never sent",
    postedAt: "2026-11-24T05:00:00.000Z",
    model: 'Pulsar "150" \\ পালসার ১৫০ \u2028 tab\t',
    engineCc: 149,
    brand: "Bajaj",
    category: { slug: "commuter", label: "Commuter", extra: 1 },
    brandNewPrice: 180_000,
    askingPrice: 125_000,
    totalUsed: "3 years",
    year: 2023,
    kmRun: 0,
    district: { slug: "dhaka", label: "Dhaka" },
    area: null,
    description: "line one\nline two \ud800 lone surrogate",
    hasRegistration: true,
    taxTokenUntil: "2027-01",
    insuranceUntil: null,
    nameTransfer: false,
    negotiable: true,
    photo: image,
    seller: {
      id: "s1",
      name: "Rahim",
      photo: null,
      verified: true,
      rating: { average: 4.5, count: 2 },
      email: "rahim@example.com",
    },
    advertised: false,
    ...overrides,
  };
}

describe("fastSerializer", () => {
  it("writes a search page byte for byte as the zod serializer does, dropping what the schema lacks", () => {
    const page = {
      items: [
        listing(),
        listing({
          area: "Mirpur 10",
          seller: {
            id: "s2",
            name: "Karim",
            photo: image,
            verified: false,
            rating: { average: 0, count: 0 },
          },
        }),
      ],
      nextCursor: "WyJuZXdlc3QiXQ",
      total: 1000,
      totalIsCapped: true,
    } as unknown as ListingsSearchPage;
    const bytes = fastSerializer(ListingsSearchPageSchema)(page);
    expect(bytes).toBe(zodBytes(ListingsSearchPageSchema, page));
    expect(bytes).not.toContain("secretNote");
    expect(bytes).not.toContain("rahim@example.com");
  });

  it("writes a details answer with and without a price hint and the buyer's own order as the zod serializer does", () => {
    for (const [priceHint, myOrder] of [
      [null, null],
      [
        { typicalPrice: 130_000, comparables: 4, difference: -5000, verdict: "below" },
        { id: "o-1", status: "held", holdUntil: "2026-11-26T08:30:00.000Z" },
      ],
    ]) {
      const detail = {
        priceHint,
        reportedByMe: false,
        myOrder,
        listing: {
          ...listing(),
          photos: [
            { id: "k", ...image },
            { ...image, id: "k2" },
          ],
        },
      } as unknown as ListingDetailResponse;
      expect(fastSerializer(ListingDetailResponseSchema)(detail)).toBe(
        zodBytes(ListingDetailResponseSchema, detail),
      );
    }
  });

  it("an empty page", () => {
    const page = { items: [], nextCursor: null, total: 0, totalIsCapped: false };
    expect(fastSerializer(ListingsSearchPageSchema)(page)).toBe(zodBytes(ListingsSearchPageSchema, page));
  });
});
