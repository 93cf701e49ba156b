import { describe, expect, it } from "vitest";
import { safeRedirectPath } from "./safe-redirect.ts";

describe("safeRedirectPath", () => {
  it("follows a path on this site, keeping its query and hash", () => {
    expect(safeRedirectPath("/dashboard/myorders")).toBe("/dashboard/myorders");
    expect(safeRedirectPath("/products/all?x=1#top")).toBe("/products/all?x=1#top");
  });

  it.each([
    ["missing", null],
    ["empty", ""],
    ["absolute URL", "https://evil.example/"],
    ["protocol-relative", "//evil.example/path"],
    ["backslash trick", "/\\evil.example"],
    ["javascript URL", "javascript:alert(1)"],
    ["relative path", "dashboard"],
    ["tab inside", "/\t/evil.example"],
    ["newline inside", "/\n/evil.example"],
    ["dot-segment before //", "/.//evil.example"],
    ["dot-dot-segment before //", "/..//evil.example"],
    ["encoded dot-segment before //", "/%2e//evil.example"],
    ["segment and dot-dot before //", "/a/..//evil.example"],
    ["dot-segment before a backslash", "/./\\evil.example"],
  ])("falls back to home for a %s value", (_label, from) => {
    expect(safeRedirectPath(from)).toBe("/");
  });

  it("does not send the user back to the sign-in or sign-up page", () => {
    expect(safeRedirectPath("/signin?from=/dashboard")).toBe("/");
    expect(safeRedirectPath("/signup")).toBe("/");
  });
});
