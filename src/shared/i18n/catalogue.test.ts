import { IntlMessageFormat } from "intl-messageformat";
import { describe, expect, it } from "vitest";
import bn from "./bn.json" with { type: "json" };
import { allMessageKeys, findMessage, type MessageKey, messageAt } from "./catalogue.ts";

/** The arguments an ICU message uses (`{0}`, `{1, number}`, a plural's), by name. */
function argumentsOf(message: string): Set<string> {
  const names = new Set<string>();
  const walk = (elements: unknown[]) => {
    for (const element of elements as {
      type: number;
      value?: unknown;
      options?: Record<string, { value: unknown[] }>;
    }[]) {
      // Literal (0) and pound (7) carry no name; every other element is an argument.
      if (element.type !== 0 && element.type !== 7 && typeof element.value === "string")
        names.add(element.value);
      for (const option of Object.values(element.options ?? {})) walk(option.value);
    }
  };
  walk(new IntlMessageFormat(message, "bn").getAst());
  return names;
}

const catalogue: Record<string, string> = bn;
const keys = allMessageKeys();

describe("the Bangla catalogue (src/shared/i18n/bn.json)", () => {
  it("has every key of the English one, and no other", () => {
    const missing = keys.filter((k) => !(k in catalogue));
    const unused = Object.keys(catalogue).filter((k) => !keys.includes(k as MessageKey));
    expect({ missing, unused }).toEqual({ missing: [], unused: [] });
  });

  it.each(keys)("%s takes the English message's arguments, all of them, and is Bangla", (key) => {
    const english = messageAt(key);
    const message = catalogue[key]!;
    const expected =
      typeof english === "string" ? [] : Array.from({ length: english.length }, (_, i) => `${i}`);
    expect([...argumentsOf(message)].sort()).toEqual(expected);
    expect(message).toMatch(/[\u0980-\u09FF]|^[{}\d ,/a-z]+$/);
    const values = Object.fromEntries(expected.map((name) => [name, 3]));
    expect(() => new IntlMessageFormat(message, "bn").format(values)).not.toThrow();
  });
});

describe("findMessage: the message an English text was made from", () => {
  it("finds a text, and a template's arguments in order", () => {
    expect(findMessage("you must provide your name")).toEqual({ key: "signup.nameRequired", args: [] });
    expect(findMessage("Release Rahim's booking of Pulsar 150")).toEqual({
      key: "sellerBooking.releaseLabel",
      args: ["Rahim", "Pulsar 150"],
    });
  });

  it("finds a template's singular (`1 hour`), and nothing for a text of no message", () => {
    expect(findMessage("1 hour")).toEqual({ key: "booking.hours", args: ["1"] });
    expect(findMessage("3 hours")).toEqual({ key: "booking.hours", args: ["3"] });
    expect(findMessage("Your card was declined by the bank of Narnia")).toBeUndefined();
  });
});
