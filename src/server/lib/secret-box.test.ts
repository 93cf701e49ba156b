import { describe, expect, it } from "vitest";
import { secretBox } from "./secret-box.ts";

const SECRET = "a-session-secret-of-at-least-32-characters";

describe("secretBox (AES-256-GCM, key from SESSION_SECRET via HKDF)", () => {
  const box = secretBox(SECRET, "totp-secret");

  it("opens what it sealed, and seals the same text differently each time", () => {
    const a = box.seal("JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP", "user-1");
    const b = box.seal("JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP", "user-1");
    expect(a).not.toBe(b);
    expect(a).not.toContain("JBSWY3DP");
    expect(box.open(a, "user-1")).toBe("JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP");
  });

  it("refuses an altered value, another context, another purpose or another session secret", () => {
    const sealed = box.seal("secret", "user-1");
    const last = sealed.at(-2) === "A" ? "B" : "A";
    expect(() => box.open(`${sealed.slice(0, -2)}${last}${sealed.at(-1)}`, "user-1")).toThrow();
    expect(() => box.open(sealed, "user-2")).toThrow();
    expect(() => secretBox(SECRET, "other-purpose").open(sealed, "user-1")).toThrow();
    expect(() => secretBox(`${SECRET}-rotated`, "totp-secret").open(sealed, "user-1")).toThrow();
    expect(() => box.open("v0.abc", "user-1")).toThrow(/unknown format/);
  });
});
