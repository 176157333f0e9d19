/**
 * Whether a statement broke a unique index: PostgreSQL's SQLSTATE 23505, node:sqlite's
 * SQLITE_CONSTRAINT_UNIQUE (extended code 2067). A command that meets one at the same moment as
 * another (the index decided between them) refuses with a message, never a database error.
 */
export function isUniqueViolation(error: unknown): boolean {
  if (typeof error !== "object" || error === null) return false;
  const { code, errcode } = error as { code?: unknown; errcode?: unknown };
  return code === "23505" || errcode === 2067;
}
