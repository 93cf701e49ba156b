import { describe, expect, it } from "vitest";
import { formatNumber, formatTaka } from "./format.ts";

describe("formatNumber", () => {
  it.each([0, 7, 999, 1000, 12_345, 999_999, 1_000_000, 1_234_567_890, -45_000, 1500.7])(
    "groups %d in threes as en-US does",
    (n) => {
      expect(formatNumber(n)).toBe(Math.trunc(n).toLocaleString("en-US"));
    },
  );
});

describe("formatTaka", () => {
  it.each([
    [0, "৳0"],
    [950, "৳950"],
    [1500, "৳1,500"],
    [150_000, "৳1,50,000"],
    [10_000_000, "৳1,00,00,000"],
  ])("%d reads %s", (amount, text) => {
    expect(formatTaka(amount)).toBe(text);
  });
});
