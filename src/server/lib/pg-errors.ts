/** The SQLSTATE of a PostgreSQL error, looking through the wrappers drizzle and PGlite put around it. */
function sqlState(err: unknown): string | undefined {
  let e: unknown = err;
  for (let i = 0; i < 3 && e && typeof e === "object"; i++) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === "string" && /^[0-9A-Z]{5}$/.test(code)) return code;
    e = (e as { cause?: unknown }).cause;
  }
  return undefined;
}

/** A unique index refused the row: someone else got there first. */
export const isUniqueViolation = (err: unknown) => sqlState(err) === "23505";

/** A foreign key pointed at a row that is gone: deleted between our check and our write. */
export const isForeignKeyViolation = (err: unknown) => sqlState(err) === "23503";
