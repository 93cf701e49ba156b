import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { ALL_MESSAGES } from "#shared/i18n/catalogue.ts";
import { PROBLEM_CODES } from "#shared/problem-codes.ts";

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
function messages(entries: Messages = ALL_MESSAGES, prefix = ""): [string, string][] {
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

/** The rows of the problem codes table: code → [status, detail or meaning]. */
function codeRows(): Map<string, [string, string]> {
  const [, table = ""] =
    /<!-- problem-codes:start -->\n([\s\S]*?)<!-- problem-codes:end -->/.exec(productDoc) ?? [];
  const rows = new Map<string, [string, string]>();
  for (const line of table.split("\n").slice(2)) {
    const [code = "", status = "", detail = ""] = line.replace(/^\| | \|$/g, "").split(" | ");
    if (line) rows.set(code.trim().replaceAll("`", ""), [status.trim(), detail.trim()]);
  }
  return rows;
}

describe("docs/product.md's problem codes", () => {
  const rows = codeRows();
  const texts = new Map(messages());

  it.each(PROBLEM_CODES)("lists $code with its status and its message", ({ code, status, key }) => {
    const row = rows.get(code);
    expect(row, `no row for ${code}`).toBeDefined();
    expect(row?.[0]).toBe(status.length ? status.join(", ") : "any");
    if (key) expect(row?.[1]).toContain(texts.get(key));
  });

  it("lists no code the API does not send", () => {
    const codes = new Set(PROBLEM_CODES.map((p) => p.code));
    expect([...rows.keys()].filter((code) => !codes.has(code as never))).toEqual([]);
  });
});
