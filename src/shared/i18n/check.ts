import { IntlMessageFormat } from "intl-messageformat";
import { expect } from "vitest";

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

/**
 * The tests' check of one Bangla message against its English text or template (a test helper of
 * src/shared/i18n/catalogue.test.ts and src/web/texts/texts.test.ts): it takes the template's
 * arguments, all of them and no other, formats, and is written in Bengali script.
 */
export function expectSaysTheSame(
  english: string | ((...args: never[]) => string),
  message: string | undefined,
) {
  expect(message, "a Bangla message").toBeTypeOf("string");
  const expected =
    typeof english === "string" ? [] : Array.from({ length: english.length }, (_, i) => `${i}`);
  expect([...argumentsOf(message!)].sort()).toEqual(expected);
  expect(message).toMatch(/[\u0980-\u09FF]|^[{}\d ,/a-z]+$/);
  const values = Object.fromEntries(expected.map((name) => [name, 3]));
  expect(() => new IntlMessageFormat(message!, "bn").format(values)).not.toThrow();
}

/** Every text of a tree of messages, by its dotted key. */
export function textsOf(tree: object, prefix = ""): [string, string | ((...args: never[]) => string)][] {
  return Object.entries(tree).flatMap(([key, value]) =>
    typeof value === "string" || typeof value === "function"
      ? [[`${prefix}${key}`, value] as [string, string]]
      : textsOf(value as object, `${prefix}${key}.`),
  );
}
