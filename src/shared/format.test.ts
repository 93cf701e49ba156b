import { describe, expect, it } from "vitest";
import { formatDateTime, formatNumber, formatTaka } from "./format.ts";

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

describe("formatDateTime", () => {
  it.each([
    ["2026-11-26T08:30:00.000Z", "26-Nov-2026, 2:30 pm"],
    // Dhaka is UTC+6: late evening in UTC is the next morning there.
    ["2026-11-26T18:05:00.000Z", "27-Nov-2026, 12:05 am"],
    ["2026-11-26T06:00:00.000Z", "26-Nov-2026, 12:00 pm"],
    ["2026-12-31T17:59:00.000Z", "31-Dec-2026, 11:59 pm"],
  ])("%s reads %s on Dhaka's clock", (iso, text) => {
    expect(formatDateTime(iso)).toBe(text);
  });
});
