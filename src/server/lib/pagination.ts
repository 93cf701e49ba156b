import { type SQL, type SQLWrapper, sql } from "drizzle-orm";
import type { PgColumn } from "drizzle-orm/pg-core";
import { BadRequest } from "#server/errors.ts";
import { MSG } from "#shared/messages.ts";

/**
 * Keyset pagination: a page starts after the last row of the previous one, by its sort key and id.
 * Feeds (orders, admin lists, a seller's listings) walk (created_at, id) newest first with `Cursor`;
 * the listings search walks any of its sorts with `KeysetCursor`, which also names its sort. A
 * timestamp travels as PostgreSQL's own text (microseconds intact: a JS Date would drop them and
 * skip or repeat rows).
 */
type Cursor = { createdAt: string; id: string };

/** created_at as PostgreSQL prints timestamptz: `2026-11-22 18:50:00.123456+00`. */
const PG_TIMESTAMP = /^(\d{4})-(\d{2})-(\d{2}) (\d{2}):(\d{2}):(\d{2})(\.\d{1,6})?[+-](\d{2})(?::(\d{2}))?$/;

/**
 * Whether PostgreSQL will accept the text as a timestamptz. Checked field by field: JavaScript's
 * Date.parse takes 30 February and year 0, which PostgreSQL refuses with an error (a 500).
 */
function isPgTimestamp(text: string): boolean {
  const m = PG_TIMESTAMP.exec(text);
  if (!m) return false;
  const [year, month, day, hour, minute, second, offsetHours, offsetMinutes] = [1, 2, 3, 4, 5, 6, 8, 9].map(
    (i) => Number(m[i] ?? 0),
  ) as [number, number, number, number, number, number, number, number];
  const date = new Date(0);
  date.setUTCFullYear(year, month - 1, day);
  const dayExists =
    date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
  return (
    year >= 1 &&
    dayExists &&
    hour <= 23 &&
    minute <= 59 &&
    second <= 59 &&
    offsetHours <= 15 &&
    offsetMinutes <= 59
  );
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export function isUuid(value: string): boolean {
  return UUID.test(value);
}

function encodeCursor(c: Cursor): string {
  return Buffer.from(JSON.stringify([c.createdAt, c.id])).toString("base64url");
}

export function decodeCursor(raw: string | undefined): Cursor | null {
  if (!raw) return null;
  try {
    const value: unknown = JSON.parse(Buffer.from(raw, "base64url").toString("utf8"));
    if (
      Array.isArray(value) &&
      value.length === 2 &&
      typeof value[0] === "string" &&
      typeof value[1] === "string" &&
      isPgTimestamp(value[0]) &&
      isUuid(value[1])
    ) {
      return { createdAt: value[0], id: value[1] };
    }
  } catch {
    // fall through to the same answer as any other bad cursor
  }
  throw new BadRequest(MSG.listing.badCursor, { cursor: MSG.listing.badCursor });
}

/**
 * For feeds walked by a sequence's id, newest first (notifications, the ledger): a page's cursor is the
 * last id it showed; anything but a whole number is a 400, never SQL's error.
 */
export function decodeIdCursor(raw: string | undefined): number | null {
  if (!raw) return null;
  if (!/^[1-9]\d{0,15}$/.test(raw))
    throw new BadRequest(MSG.listing.badCursor, { cursor: MSG.listing.badCursor });
  return Number(raw);
}

/** `(created_at, id) < cursor`, for ORDER BY created_at DESC, id DESC. */
export function beforeCursor(createdAt: PgColumn, id: PgColumn, cursor: Cursor | null): SQL | undefined {
  if (!cursor) return undefined;
  return sql`(${createdAt}, ${id}) < (${cursor.createdAt}::timestamptz, ${cursor.id}::uuid)`;
}

/** What a keyset sort orders by before the id: a timestamptz (as PostgreSQL prints it) or an integer column. */
export type SortValueKind = "timestamp" | "int";
/** A position in one sort: the sort key's value and the id of the last row of a page. */
export type KeysetCursor = { value: string | number; id: string };

/** PostgreSQL's integer: a value outside it is an error in the SQL (a 500), so a cursor may not carry one. */
const INT4_MAX = 2_147_483_647;

function isSortValue(value: unknown, kind: SortValueKind): value is string | number {
  if (kind === "timestamp") return typeof value === "string" && isPgTimestamp(value);
  return typeof value === "number" && Number.isInteger(value) && Math.abs(value) <= INT4_MAX;
}

/** `[sort, value, id]` as base64url JSON: opaque to the client, and refused by any other sort. */
export function encodeKeysetCursor(sort: string, c: KeysetCursor): string {
  return Buffer.from(JSON.stringify([sort, c.value, c.id])).toString("base64url");
}

/**
 * The cursor of `sort`, or null for the first page. A cursor of another sort, of another shape or
 * with a value its column cannot hold is a 400 (`cursor`), never an error in the SQL.
 */
export function decodeKeysetCursor(
  raw: string | undefined,
  sort: string,
  kind: SortValueKind,
): KeysetCursor | null {
  if (!raw) return null;
  try {
    const value: unknown = JSON.parse(Buffer.from(raw, "base64url").toString("utf8"));
    if (
      Array.isArray(value) &&
      value.length === 3 &&
      value[0] === sort &&
      isSortValue(value[1], kind) &&
      typeof value[2] === "string" &&
      isUuid(value[2])
    ) {
      return { value: value[1], id: value[2] };
    }
  } catch {
    // fall through to the same answer as any other bad cursor
  }
  throw new BadRequest(MSG.listing.badCursor, { cursor: MSG.listing.badCursor });
}

/**
 * The rows after the cursor in `ORDER BY column <dir>, id <dir>` (both one direction, so one row
 * comparison, which a btree index on (column, id) serves as a range). The cursor's value and id are
 * given as SQL (a prepared statement's placeholders), cast to the sort's type.
 */
export function afterKeyset(
  column: PgColumn | SQL,
  id: PgColumn | SQL,
  dir: "asc" | "desc",
  kind: SortValueKind,
  cursor: { value: SQLWrapper; id: SQLWrapper },
): SQL {
  const value = kind === "timestamp" ? sql`${cursor.value}::timestamptz` : sql`${cursor.value}::int`;
  return dir === "asc"
    ? sql`(${column}, ${id}) > (${value}, ${cursor.id}::uuid)`
    : sql`(${column}, ${id}) < (${value}, ${cursor.id}::uuid)`;
}

/** Splits a `limit + 1` fetch into a page and the keyset cursor of the next one. */
export function toKeysetPage<T>(rows: T[], limit: number, sort: string, cursorOf: (row: T) => KeysetCursor) {
  const items = rows.slice(0, limit);
  const last = items[items.length - 1];
  return {
    items,
    nextCursor: rows.length > limit && last ? encodeKeysetCursor(sort, cursorOf(last)) : null,
  };
}

/** Splits a `limit + 1` fetch into a page and the cursor of the next one. */
export function toPage<T>(rows: T[], limit: number, cursorOf: (row: T) => Cursor) {
  const items = rows.slice(0, limit);
  const last = items[items.length - 1];
  return { items, nextCursor: rows.length > limit && last ? encodeCursor(cursorOf(last)) : null };
}
