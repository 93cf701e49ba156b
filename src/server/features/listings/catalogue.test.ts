import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { listings } from "#server/db/schema.ts";
import { call, setupTestApp } from "#server/test/app.ts";
import { buildListing } from "#server/test/factories.ts";
import type { ListingsSearchPage } from "#shared/schemas/listings.ts";
import { modelKey, normaliseName } from "./catalogue.ts";

describe("normaliseName: the catalogue's spelling of a name", () => {
  it.each([
    ["FZ-S  V3", "fz s v3"],
    [" Royal_Enfield ", "royal enfield"],
    // Bengali vowel signs (া, ি) and the virama (্) are combining marks: part of their word.
    ["পালসার ১৫০", "পালসার ১৫০"],
    ["হিরো স্প্লেন্ডার-প্লাস", "হিরো স্প্লেন্ডার প্লাস"],
    ["Pulsar (পালসার)", "pulsar পালসার"],
  ])("%j → %j", (text, expected) => {
    expect(normaliseName(text)).toBe(expected);
  });

  it("a Bengali model that repeats its brand is the same bike as one that does not", () => {
    expect(modelKey("বাজাজ", "বাজাজ পালসার ১৫০").key).toBe("বাজাজ পালসার ১৫০");
    expect(modelKey("বাজাজ", "পালসার ১৫০").key).toBe("বাজাজ পালসার ১৫০");
  });
});

describe("a listing named in Bengali", () => {
  const t = setupTestApp();

  async function search(query: string): Promise<ListingsSearchPage> {
    const res = await call(t.app, { method: "GET", url: `/api/listings?${new URLSearchParams(query)}` });
    expect(res.statusCode, res.body).toBe(200);
    return res.json();
  }

  it("keeps its words in the catalogue, and a search for them finds it", async () => {
    const listing = await buildListing(t.app, { brand: "বাজাজ", model: "পালসার ১৫০" });
    const other = await buildListing(t.app, { brand: "বাজাজ", model: "ডিসকভার ১২৫" });
    const [row] = await t.app.db
      .select({ key: listings.modelKey })
      .from(listings)
      .where(eq(listings.id, listing.id));
    expect(row!.key).toBe("বাজাজ পালসার ১৫০");

    for (const q of ["পালসার ১৫০", "পালসার", "বাজাজ পালসার", "পালসার-১৫০"]) {
      const ids = (await search(`q=${q}`)).items.map((l) => l.id);
      expect(ids, q).toEqual([listing.id]);
    }
    const byBrand = (await search("brand=বাজাজ")).items.map((l) => l.id);
    expect(byBrand.sort()).toEqual([listing.id, other.id].sort());
  });
});
