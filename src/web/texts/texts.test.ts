import { describe, expect, it } from "vitest";
import bn from "#shared/i18n/bn.json" with { type: "json" };
import { allMessageKeys } from "#shared/i18n/catalogue.ts";
import { expectSaysTheSame, textsOf } from "#shared/i18n/check.ts";
import { PAGE_TEXTS } from "./index.ts";

const catalogue: Record<string, string> = bn;
const pageTexts = textsOf(PAGE_TEXTS);

describe("the pages' own texts in the Bangla catalogue (src/shared/i18n/bn.json)", () => {
  it("has a message for every page text and the product's messages, and no other", () => {
    const known = new Set<string>([...allMessageKeys(), ...pageTexts.map(([key]) => key)]);
    const missing = pageTexts.map(([key]) => key).filter((key) => !(key in catalogue));
    const unused = Object.keys(catalogue).filter((key) => !known.has(key));
    expect({ missing, unused }).toEqual({ missing: [], unused: [] });
  });

  it("names no message twice: a page's keys are not the product's", () => {
    const product = new Set<string>(allMessageKeys());
    expect(pageTexts.map(([key]) => key).filter((key) => product.has(key))).toEqual([]);
  });

  it.each(pageTexts)("%s takes the English text's arguments, all of them, and is Bangla", (key, english) => {
    expectSaysTheSame(english, catalogue[key]);
  });
});
