import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { MSG } from "#shared/messages.ts";

// docs/product.md quotes every message a person can see: this keeps the two from drifting apart
// when a message is added or reworded in one place only.
const productDoc = readFileSync(new URL("../../docs/product.md", import.meta.url), "utf8").replaceAll(
  "\\|",
  "|",
);

type Messages = { [key: string]: string | ((...args: never[]) => string) | Messages };

/**
 * Every message as `group.key` → its text (`group.key.case` for a message per case, such as
 * MSG.order.notHeld.expired); a template is shown with its parameters as `{name}`.
 */
function messages(entries: Messages = MSG, prefix = ""): [string, string][] {
  return Object.entries(entries).flatMap(([key, value]): [string, string][] => {
    const name = prefix ? `${prefix}.${key}` : key;
    if (typeof value === "string") return [[name, value]];
    if (typeof value === "object") return messages(value, name);
    const params = /^\(([^)]*)\)/.exec(value.toString())?.[1] ?? "";
    const names = params.split(",").map((p) => `{${p.split(":")[0]!.trim()}}`);
    return [[name, (value as (...args: string[]) => string)(...names)]];
  });
}

describe("docs/product.md", () => {
  it.each(messages())("quotes %s exactly", (_name, text) => {
    expect(productDoc).toContain(text);
  });
});
