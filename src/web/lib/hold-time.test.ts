import { describe, expect, it } from "vitest";
import { MSG } from "#shared/messages.ts";
import { heldMessage, holdPassed, holdTimeLeft } from "./hold-time.ts";

const NOW = Date.parse("2026-03-01T12:00:00.000Z");
const at = (ms: number) => new Date(NOW + ms).toISOString();
const MIN = 60_000;
const HOUR = 60 * MIN;

describe("the time left to pay", () => {
  it.each([
    [48 * HOUR, "48 hours"],
    [47 * HOUR + 10 * MIN, "48 hours"],
    [2 * HOUR, "2 hours"],
    [HOUR + 1, "2 hours"],
    [HOUR, "1 hour"],
    [HOUR - 1, "60 minutes"],
    [25 * MIN, "25 minutes"],
    [MIN, "1 minute"],
    [1000, "1 minute"],
  ])("%i ms left reads '%s' (rounded up: 'pay within')", (left, words) => {
    expect(holdTimeLeft(at(left), NOW)).toBe(words);
  });

  it("is nothing once the hold has passed, or when there is none", () => {
    expect(holdTimeLeft(at(0), NOW)).toBeNull();
    expect(holdTimeLeft(at(-MIN), NOW)).toBeNull();
    expect(holdTimeLeft(null, NOW)).toBeNull();
    expect(holdPassed(at(0), NOW)).toBe(true);
    expect(holdPassed(at(1), NOW)).toBe(false);
    expect(holdPassed(null, NOW)).toBe(false);
  });

  it("makes the buyer's sentence", () => {
    expect(heldMessage(at(30 * HOUR), NOW)).toBe("Booked by you — pay within 30 hours");
    expect(heldMessage(at(-1), NOW)).toBe(MSG.booking.timeUp);
    expect(heldMessage(null, NOW)).toBe(MSG.booking.heldBadge);
  });
});
