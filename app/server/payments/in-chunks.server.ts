/**
 * A long list of values for `where … in (…)` in slices: SQLite binds at most 32,766 values to
 * one statement and PostgreSQL 65,535, and a statement of 5,000 lines names that many UTRs.
 */
export function inChunks<T>(values: readonly T[], size = 500): T[][] {
  const chunks: T[][] = [];
  for (let start = 0; start < values.length; start += size) chunks.push(values.slice(start, start + size));
  return chunks;
}
