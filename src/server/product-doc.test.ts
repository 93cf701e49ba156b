import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { MSG } from "#shared/messages.ts";

// docs/product.md quotes every message a person can see: this keeps the two from drifting apart
// when a message is added or reworded in one place only.
const productDoc = readFileSync(new URL("../../docs/product.md", import.meta.url), "utf8").replaceAll(
  "\\|",
  "|",
);

/** Every message as `group.key` → its text; a template is shown with its parameters as `{name}`. */
function messages(): [string, string][] {
  return Object.entries(MSG).flatMap(([group, entries]) =>
    Object.entries(entries).map(([key, value]): [string, string] => {
      if (typeof value === "string") return [`${group}.${key}`, value];
      const params = /^\(([^)]*)\)/.exec(value.toString())?.[1] ?? "";
      const names = params.split(",").map((p) => `{${p.split(":")[0]!.trim()}}`);
      return [`${group}.${key}`, (value as (...args: string[]) => string)(...names)];
    }),
  );
}

describe("docs/product.md", () => {
  it.each(messages())("quotes %s exactly", (_name, text) => {
    expect(productDoc).toContain(text);
  });
});
