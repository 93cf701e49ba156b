import { dictionary } from "@zxcvbn-ts/language-common";
import { describe, expect, it } from "vitest";
import { COMMON_PASSWORD_COUNT, commonPasswordForms, isCommonPassword } from "./common-passwords.ts";

const ranked = dictionary["passwords-common"];

describe("isCommonPassword", () => {
  it("refuses the 10,000 most common passwords, and not the 10,001st", () => {
    expect(COMMON_PASSWORD_COUNT).toBe(10_000);
    expect(isCommonPassword(ranked[0]!)).toBe(true);
    expect(isCommonPassword(ranked[COMMON_PASSWORD_COUNT - 1]!)).toBe(true);
    // The first entry past the cut whose every looked-up form is also past it.
    const inside = new Set(ranked.slice(0, COMMON_PASSWORD_COUNT));
    const beyond = ranked
      .slice(COMMON_PASSWORD_COUNT)
      .find((p) => commonPasswordForms(p).every((form) => !inside.has(form)))!;
    expect(isCommonPassword(beyond)).toBe(false);
  });

  it.each([
    ["Password1!", true],
    ["pAsSwOrD1!", true],
    ["Pass!word1", true],
    ["P@ssw0rd1", true],
    ["!1Dragon", true],
    ["Summer2024!", true],
    ["Monkey!Business7", false],
    ["Str0ng!Pass", false],
    ["Bikes!2026", false],
  ] as const)("%s → %s", (password, common) => {
    expect(isCommonPassword(password)).toBe(common);
  });

  it("looks up the password, without its symbols, and its letters with digits and symbols around cut off", () => {
    expect(commonPasswordForms("!Summer2024#")).toEqual(["!summer2024#", "summer2024", "summer"]);
    expect(commonPasswordForms("1234!")).toEqual(["1234!", "1234"]);
  });
});
