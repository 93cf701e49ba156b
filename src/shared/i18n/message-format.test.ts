import { afterEach, describe, expect, it, vi } from "vitest";
import { compileMessage } from "./compile.ts";
import { messageFormatter } from "./message-format.ts";

afterEach(() => vi.restoreAllMocks());

describe("messageFormatter", () => {
  it("formats plurals and numbers by the locale's rules", () => {
    const bikes = compileMessage("{count, plural, one {# bike} other {# bikes}}");
    expect(messageFormatter(bikes, "en").format({ count: 1 })).toBe("1 bike");
    expect(messageFormatter(bikes, "en").format({ count: 1200 })).toBe("1,200 bikes");
    expect(
      messageFormatter(compileMessage("{count, plural, other {# টি বাইক}}"), "bn").format({ count: 3 }),
    ).toBe("৩ টি বাইক");
  });

  it("builds one plural rule and number format per locale for every message (a Bangla page formats hundreds)", () => {
    // Count the constructions of each Intl formatter in a locale no other test formats in.
    const made: string[] = [];
    for (const name of ["PluralRules", "NumberFormat"] as const) {
      const Real = Intl[name] as unknown as new (...args: unknown[]) => object;
      // A function, neither a class nor an arrow: called with `new`, it hands back the real formatter.
      // biome-ignore lint/complexity/useArrowFunction: an arrow function cannot be called with `new`
      vi.spyOn(Intl, name).mockImplementation(function (...args: unknown[]) {
        if (args[0] === "fr") made.push(name);
        return new Real(...args);
      } as never);
    }
    for (let i = 0; i < 20; i++) {
      const message = compileMessage(`{count, plural, one {# item ${i}} other {# items ${i}}}`);
      expect(messageFormatter(message, "fr").format({ count: 2 })).toBe(`2 items ${i}`);
    }
    expect(made.filter((name) => name === "PluralRules")).toHaveLength(1);
    expect(made.filter((name) => name === "NumberFormat")).toHaveLength(1);
  });
});
