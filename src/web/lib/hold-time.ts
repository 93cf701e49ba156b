import { useEffect, useState } from "react";
import { MSG } from "#shared/messages.ts";

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

/**
 * How long a booking's hold still runs, in words: `48 hours`, `1 hour`, `25 minutes`; null once it has
 * passed (or when there is no hold). Rounded up, as "pay within" means: 47 h 10 min left reads
 * `48 hours`, and the last seconds still read `1 minute`.
 */
export function holdTimeLeft(
  holdUntil: string | null,
  now = Date.now(),
  msg: Pick<typeof MSG, "booking"> = MSG,
): string | null {
  if (!holdUntil) return null;
  const left = new Date(holdUntil).getTime() - now;
  if (!(left > 0)) return null;
  return left < HOUR
    ? msg.booking.minutes(Math.ceil(left / MINUTE))
    : msg.booking.hours(Math.ceil(left / HOUR));
}

/** Whether a held booking's time to pay has passed (the server then refuses payment, 409). */
export function holdPassed(holdUntil: string | null, now = Date.now()): boolean {
  return holdUntil !== null && new Date(holdUntil).getTime() <= now;
}

/**
 * "Booked by you — pay within N hours" for a held order; once the time is up, that it is. In the page's
 * language when given the page's texts (`useTexts(MSG)`).
 */
export function heldMessage(
  holdUntil: string | null,
  now = Date.now(),
  msg: Pick<typeof MSG, "booking"> = MSG,
): string {
  if (holdPassed(holdUntil, now)) return msg.booking.timeUp;
  const left = holdTimeLeft(holdUntil, now, msg);
  return left ? msg.booking.heldByYou(left) : msg.booking.heldBadge;
}

/**
 * The current time, renewed every `everyMs` while the component is on screen: a "pay within 25
 * minutes" counts down without a reload (and turns into "the time to pay has run out").
 */
export function useNow(everyMs = 30_000): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), everyMs);
    return () => clearInterval(timer);
  }, [everyMs]);
  return now;
}
