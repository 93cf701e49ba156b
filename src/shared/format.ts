const months = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"];

/** `150000` → `৳1,50,000`: taka sign, South-Asian digit grouping, whole taka. */
export function formatTaka(amount: number): string {
  const sign = amount < 0 ? "-" : "";
  const digits = String(Math.trunc(Math.abs(amount)));
  if (digits.length <= 3) return `${sign}৳${digits}`;
  const last3 = digits.slice(-3);
  const rest = digits.slice(0, -3).replace(/\B(?=(\d{2})+(?!\d))/g, ",");
  return `${sign}৳${rest},${last3}`;
}

/**
 * `1234567` → `1,234,567`: counts and kilometres, grouped in threes. By hand rather than with
 * `toLocaleString`: on a phone the first Intl call loads locale data (~40 ms of a slow CPU's main
 * thread on a list page, issue 12) and each later call builds a formatter again.
 */
export function formatNumber(value: number): string {
  const sign = value < 0 ? "-" : "";
  return `${sign}${String(Math.trunc(Math.abs(value))).replace(/\B(?=(\d{3})+(?!\d))/g, ",")}`;
}

/**
 * A stored phone number as people read it: `+8801712345678` → `01712-345678`. Anything else (a number
 * stored before numbers were normalised) is shown as it is.
 */
export function formatPhone(phone: string): string {
  const match = /^\+88(01[0-9]{3})([0-9]{6})$/.exec(phone);
  return match ? `${match[1]}-${match[2]}` : phone;
}

/** Bangladesh Standard Time, UTC+6 all year (no daylight saving): the market's clock. */
const DHAKA_OFFSET_MS = 6 * 60 * 60 * 1000;

/** The moment moved to Dhaka's clock, to be read with the `getUTC…` methods. */
const onDhakaClock = (value: string | Date) =>
  new Date((typeof value === "string" ? new Date(value) : value).getTime() + DHAKA_OFFSET_MS);

/** `05-Nov-2022` of a Date read in UTC. */
function dayOf(d: Date): string {
  const day = String(d.getUTCDate()).padStart(2, "0");
  return `${day}-${months[d.getUTCMonth()]}-${d.getUTCFullYear()}`;
}

/**
 * The day a moment falls on in Dhaka, as `05-Nov-2022`, the same in every browser and on the server: a
 * booking made at 1 am in Dhaka is on that day, not on UTC's day before. A date alone (`2022-11-05`,
 * UTC midnight) stays that day.
 */
export function formatDate(value: string | Date): string {
  return dayOf(onDhakaClock(value));
}

/**
 * A moment as `26-Nov-2026, 2:30 pm` on Dhaka's clock, the same in every browser and on the server:
 * when a hold ends or a booking was made, where the hour matters. By hand, as `formatNumber` is.
 */
export function formatDateTime(value: string | Date): string {
  const d = onDhakaClock(value);
  const hours = d.getUTCHours();
  const minutes = String(d.getUTCMinutes()).padStart(2, "0");
  return `${dayOf(d)}, ${hours % 12 === 0 ? 12 : hours % 12}:${minutes} ${hours < 12 ? "am" : "pm"}`;
}
